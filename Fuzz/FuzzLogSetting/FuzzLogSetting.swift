// libFuzzer harness: untrusted `HAPTIC_LOG` values and CoreHapticsWrapper_SetLogging settings → LogSetting, with
// invariants: a value is either refused with a short reason or accepted, and an accepted one prints as a setting that
// parses back to itself; anything over the length limit is refused.

import CoreHapticsWrapper

private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FuzzLogSetting invariant: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLogSetting(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let setting: LogSetting
    do throws(LogSetting.Problem) {
        setting = try LogSetting(parsing: text)
    } catch {
        require(!error.reason.isEmpty, "refused without a reason")
        require(error.reason.utf8.count < 300, "a reason of \(error.reason.utf8.count) bytes")
        return 0
    }
    require(text.utf8.count <= LogSetting.maximumLength, "accepted \(text.utf8.count) bytes")
    let printed = setting.description
    require((try? LogSetting(parsing: printed)) == setting, "\(printed) does not parse back to \(setting)")
    return 0
}
