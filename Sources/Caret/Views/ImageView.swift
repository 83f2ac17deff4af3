// SPDX-License-Identifier: Apache-2.0
/// Shows an image (UIKit's `UIImageView`).
@preconcurrency @MainActor
open class ImageView: View {
    /// How content fills the bounds (UIKit's `UIView.ContentMode`, the parts images use).
    public enum ContentMode: Hashable, Sendable, CaseIterable {
        /// Stretch to fill, ignoring the aspect ratio.
        case scaleToFill
        /// Fit inside, keeping the aspect ratio (letterboxed).
        case scaleAspectFit
        /// Fill, keeping the aspect ratio (cropped when `clipsToBounds`).
        case scaleAspectFill
        /// Natural size, centred.
        case center
        /// Natural size, top-left.
        case topLeft
    }

    private var tinted = TintedImageCache()
    /// The image shown (a symbol or template image in the tint colour).
    public var image: Image? { didSet { invalidateIntrinsicContentSize(); setNeedsLayout(); setNeedsDisplay() } }
    /// How the image fills the bounds.
    public var contentMode: ContentMode = .scaleToFill { didSet { setNeedsDisplay() } }

    /// An empty image view from an archive, with the archived frame.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// Creates an image view showing an image, sized to it.
    public init(image: Image?) {
        self.image = image
        super.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
    }

    /// Creates an empty image view.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The image's size in points.
    override var accessibilityDefaults: AccessibilityDefaults { AccessibilityDefaults(traits: .image) }

    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    open override func sizeThatFits(_ size: Size) -> Size { image?.size ?? .zero }

    /// Where the image lands inside a rectangle for the current content mode.
    public func imageRect(in rect: Rect) -> Rect {
        guard let image else { return .zero }
        let s = image.size
        switch contentMode {
        case .scaleToFill:
            return rect
        case .scaleAspectFit, .scaleAspectFill:
            let sx = rect.width / s.width, sy = rect.height / s.height
            let k = contentMode == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            let w = s.width * k, h = s.height * k
            return Rect(x: rect.midX - w / 2, y: rect.midY - h / 2, width: w, height: h)
        case .center:
            return Rect(
                x: (rect.midX - s.width / 2).rounded(.down), y: (rect.midY - s.height / 2).rounded(.down),
                width: s.width, height: s.height)
        case .topLeft:
            return Rect(origin: rect.origin, size: s)
        }
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard let image else { return }
        context.drawImage(tinted.image(image, tint: tintColor.resolvedColor(with: context.userInterfaceStyle)), in: imageRect(in: rect))
    }
}
