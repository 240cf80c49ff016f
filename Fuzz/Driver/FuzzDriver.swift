import Glibc

// SwiftPM points an executable's `main` at its module's top-level code, so each target's
// main.swift calls `fuzz`, which hands the test to libFuzzer's driver. libFuzzer's runtime also
// expects `LLVMFuzzerTestOneInput` (its unused `main` refers to it): both run the same test.

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                                 _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

nonisolated(unsafe) private var testOne: (UnsafeRawBufferPointer) -> Void = { _ in }

/// Runs libFuzzer with this process's arguments (`-max_total_time=60`, a corpus folder, …) on
/// `test`, which must not crash, hang or allocate without bound on any input.
public func fuzz(_ test: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
    testOne = test
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput))
}

@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    testOne(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
