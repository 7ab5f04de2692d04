import CCoreHapticsWrapper
import Logging

// The library's diagnostics through the C ABI (CoreHapticsWrapper.h): how much is logged and where it goes. Not an
// entry point of Apple's plug-in: a C or C# caller that wants the lines calls it; one that does not gets warnings and
// errors on standard error, each kind once (HAPTIC_LOG changes that).

/// Sets how much the library logs and where the lines go; see CoreHapticsWrapper.h.
@_cdecl("CoreHapticsWrapper_SetLogging")
public func CoreHapticsWrapper_SetLogging(
    _ setting: UnsafePointer<CChar>?, _ callback: CHWLogCallback?, _ context: UnsafeMutableRawPointer?
) {
    LogRouting.installIfUnconfigured()
    var parsed: LogSetting?
    var problem: String?
    if let setting {
        let text = CText.string(setting, limit: LogSetting.maximumLength)
        do throws(LogSetting.Problem) {
            parsed = try LogSetting(parsing: text)
        } catch {
            problem = "setting '\(text)' is not understood (\(error.reason)); \(LogRouting.shared.environmentSetting.description) is used"
        }
    }
    LogRouting.shared.set(parsed, callback: callback, context: context)
    // Said at the new destination, at the level every setting but off shows.
    if let problem { WrapperLog.logger.error("\(ErrorReport.cName(#function)): \(problem)") }
}
