// SPDX-License-Identifier: Apache-2.0
/// What each fuzzer executable hands libFuzzer: called with every input.
public typealias FuzzInputHandler = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

/// libFuzzer's driver (linked in by `-sanitize=fuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: FuzzInputHandler
) -> CInt

/// Runs libFuzzer with the process's arguments, from the entry SwiftPM links an executable
/// through (`<module>_main`), feeding every input to `handler`.
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ handler: FuzzInputHandler)
    -> CInt
{
    var count = argc
    var arguments = argv
    return llvmFuzzerRunDriver(&count, &arguments, handler)
}
