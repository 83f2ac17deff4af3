// SPDX-License-Identifier: Apache-2.0
import CCaretHandwriting
import Caret
import Foundation

/// Handwriting for every model: Japanese and Simplified Chinese with zinnia and the Tegaki models
/// (Debian: tegaki-zinnia-japanese, tegaki-zinnia-simplified-chinese), Latin, Greek and Cyrillic
/// with the core's point-cloud recogniser (`BundledHandwritingRecognizers`).
public final class SystemHandwritingRecognizers: HandwritingRecognizerProvider {
    /// Where the Tegaki zinnia models are looked for.
    public let modelDirectory: String
    /// The model file of each zinnia model name.
    public static let zinniaModels = ["ja": "handwriting-ja.model", "zh-Hans": "handwriting-zh_CN.model"]
    private let bundled: HandwritingRecognizerProvider

    /// A provider reading zinnia models from `modelDirectory` (Debian's by default).
    public init(
        modelDirectory: String = "/usr/share/tegaki/models/zinnia", bundled: HandwritingRecognizerProvider = BundledHandwritingRecognizers.shared
    ) {
        self.modelDirectory = modelDirectory
        self.bundled = bundled
    }

    /// Why the model cannot be used here (a zinnia model missing, unreadable or damaged), or nil.
    public func unavailability(of model: String) -> CaretError? {
        guard let file = Self.zinniaModels[model] else { return bundled.unavailability(of: model) }
        // Found, not opened: libzinnia is opened when a guest first writes on this pad.
        var reason = [CChar](repeating: 0, count: 512)
        guard caret_zinnia_findable(&reason, reason.count) == 1 else {
            return .backendUnavailable(subsystem: "zinnia", reason: reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        let path = "\(modelDirectory)/\(file)"
        guard FileManager.default.fileExists(atPath: path) else {
            let package = model == "ja" ? "tegaki-zinnia-japanese" : "tegaki-zinnia-simplified-chinese"
            return .assetNotFound(name: "zinnia model \(file) (Debian: \(package))", searched: [modelDirectory])
        }
        if let problem = ZinniaRecognizer.problem(with: path) { return .assetUnreadable(path: path, reason: problem) }
        return nil
    }

    /// A recogniser for the model: zinnia's for "ja" (its kana completed: voiced, small and
    /// katakana, which the Tegaki model lacks) and "zh-Hans", the point-cloud one otherwise.
    public func makeRecognizer(for model: String) throws(CaretError) -> HandwritingRecognizer {
        guard let file = Self.zinniaModels[model] else { return try bundled.makeRecognizer(for: model) }
        if let error = unavailability(of: model) { throw error }
        let zinnia = try ZinniaRecognizer(model: model, path: "\(modelDirectory)/\(file)")
        return model == "ja" ? KanaCompletingRecognizer(base: zinnia) : zinnia
    }
}
