// libFuzzer harness: untrusted command lines → the `haptic` parser and each command's validate(), the code that
// must turn every option into a clear usage error before any work starts. The input's NUL-separated parts are the
// arguments after `haptic`; nothing is run (no file is read or written).

import ArgumentParser
import HapticCommands

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandOptions(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    // Parsing includes every command's validate(); an error must be a message, never a trap.
    do {
        _ = try Haptic.parseAsRoot(Array(arguments.prefix(32)))
    } catch {
        _ = Haptic.message(for: error)
    }
    return 0
}
