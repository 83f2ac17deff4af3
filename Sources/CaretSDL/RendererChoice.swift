// SPDX-License-Identifier: Apache-2.0
import CSDL2
@_spi(Backend) import Caret
import Foundation

/// The SDL renderer a window gets (docs/performance.md, "Which renderer draws"). `automatic` takes
/// the accelerated one on a real GPU, and SDL's software renderer on X11 where OpenGL is itself a
/// software rasteriser (Mesa's llvmpipe, softpipe or swrast): there the software renderer draws
/// Caret's frames in about half the time and alone moves scrolled pixels instead of drawing them again.
@MainActor
struct RendererChoice {
    /// The renderer made.
    let handle: OpaquePointer
    /// Why `automatic` took the software renderer, or nil when it did not.
    let softwareBecause: String?

    /// Devices a GPU's OpenGL driver opens; with none of them OpenGL can only be a software rasteriser.
    static let gpuDevicePaths = ["/dev/dri", "/dev/nvidia0"]

    /// GL_RENDERER names of OpenGL drivers that draw on the CPU.
    static let softwareRasterisers = ["llvmpipe", "softpipe", "swrast", "software rasterizer", "swiftshader"]

    /// Whether OpenGL's GL_RENDERER string names a software rasteriser.
    static func isSoftwareRasteriser(_ glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        return softwareRasterisers.contains { name.contains($0) }
    }

    /// Makes the renderer `kind` asks for; throws a `CaretError` naming SDL's reason when none can be made.
    static func make(
        window: OpaquePointer, kind requested: Application.Configuration.RendererKind, vsync: Bool,
        environment: [String: String], gpuDevicePaths: [String] = gpuDevicePaths
    ) throws(CaretError) -> RendererChoice {
        let videoDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) }
        let userDriver = SDL_GetHint(caret_SDL_HINT_RENDER_DRIVER()).map { String(cString: $0) } ?? ""
        if let driver = Application.renderDriverHint(videoDriver: videoDriver, requested: userDriver) {
            SDL_SetHint(caret_SDL_HINT_RENDER_DRIVER(), driver)
        }
        // Only on X11 does SDL 2.26 show a software renderer's frames without OpenGL (Wayland and
        // KMS/DRM present them through an OpenGL texture), and only when the user named no driver.
        let mayChoose = requested == .automatic && videoDriver?.lowercased() == "x11" && userDriver.isEmpty
        var kind = requested
        var because: String?
        if mayChoose, let reason = softwareBeforeOpening(environment: environment, gpuDevicePaths: gpuDevicePaths) {
            kind = .software
            because = reason
        }
        var handle: OpaquePointer?
        if kind != .software {
            var flags = SDL_RENDERER_ACCELERATED.rawValue
            if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
            handle = SDL_CreateRenderer(window, -1, flags)
        }
        if mayChoose, let accelerated = handle, let gl = caret_gl_renderer_string().map({ String(cString: $0) }),
            isSoftwareRasteriser(gl)
        {
            SDL_DestroyRenderer(accelerated)
            handle = nil
            kind = .software
            because = "OpenGL is \(gl)"
        }
        if handle == nil && kind != .accelerated {
            if let value = Application.framebufferAccelerationHint(
                videoDriver: videoDriver, kind: kind,
                requested: SDL_GetHint(caret_SDL_HINT_FRAMEBUFFER_ACCELERATION()).map { String(cString: $0) })
            {
                SDL_SetHint(caret_SDL_HINT_FRAMEBUFFER_ACCELERATION(), value)
            }
            handle = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        guard let handle else {
            throw CaretError.backendUnavailable(subsystem: "SDL renderer (\(requested.rawValue))", reason: sdlErrorMessage())
        }
        return RendererChoice(handle: handle, softwareBecause: because)
    }

    /// Why OpenGL can only be a software rasteriser here, known without loading it, or nil.
    static func softwareBeforeOpening(environment: [String: String], gpuDevicePaths: [String]) -> String? {
        if let value = environment["LIBGL_ALWAYS_SOFTWARE"], !value.isEmpty, value != "0", value.lowercased() != "false" {
            return "LIBGL_ALWAYS_SOFTWARE is set"
        }
        if !gpuDevicePaths.contains(where: { FileManager.default.fileExists(atPath: $0) }) {
            return "no GPU device (\(gpuDevicePaths.joined(separator: ", ")))"
        }
        return nil
    }
}
