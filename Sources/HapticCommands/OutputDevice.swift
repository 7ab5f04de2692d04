import ArgumentParser
import Foundation
import HapticDevices
import HapticLinux

/// Picks the output of the real-time commands (`play`, `library play`, `bounce`) the way any app gets one: device
/// discovery's `makeDevice` for `--device ID` (the forms `HAPTIC_DEVICE` accepts), else discovery's default
/// (`HAPTIC_DEVICE`, then haptic hardware, then the simulated actuator). The engine is then configured for the
/// device as `CHHapticEngine()` configures it (`EngineConfiguration.recommended(for:)`), so the tool plays exactly as
/// an app would.
package enum OutputDevice {
    /// Checks a `--device` value's form and ranges (``HapticDevices/DeviceSpecifier``) without opening anything, for
    /// a command's `validate()`.
    ///
    /// - Throws: `ValidationError` naming `--device` and what is wrong.
    package static func validate(_ id: String?) throws {
        guard let id else { return }
        do {
            _ = try DeviceSpecifier(parsing: id)
        } catch {
            throw ValidationError(terminalSafe("--device: \(error.message)"))
        }
    }

    /// Opens the device description for `id`, or the default.
    ///
    /// - Parameters:
    ///   - id: the `--device` value, or `nil` for the default.
    ///   - meter: whether a simulated actuator may draw its meter on standard error (off when the command draws on
    ///     the terminal itself).
    /// - Throws: `ExitCode(1)` after printing why `id` cannot be used.
    package static func select(id: String?, meter: SimulatedDevice.Meter) throws -> any HapticDevice {
        if let id {
            do {
                return try DeviceDiscovery.makeDevice(id: id, meter: meter)
            } catch {
                printError("haptic: error: cannot use device '\(id)': \(error)")
                throw ExitCode(1)
            }
        }
        let selection = DeviceDiscovery.defaultSelection(environment: ProcessInfo.processInfo.environment, meter: meter)
        if let problem = selection.overrideProblem {
            printError("haptic: warning: \(selection.reason): \(problem)")
        }
        return selection.device
    }
}
