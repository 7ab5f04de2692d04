import Logging

/// Where the device layer reports what it decided and what went wrong, through swift-log.
///
/// The label is `OpenCoreHaptics.devices`. An app sees these messages by bootstrapping its own handler
/// (`LoggingSystem.bootstrap`), as with any library that uses swift-log; the `haptic` tool shows them with
/// `--verbose`.
///
/// | Level | What |
/// |---|---|
/// | debug | the output chosen and why (`HAPTIC_DEVICE`, first hardware, no hardware → simulated actuator) |
/// | warning | a `HAPTIC_DEVICE` that cannot be used (the simulated actuator plays instead) |
/// | notice | a device node added or removed (hot-plug) |
///
/// Nothing here is ever called on a render thread.
public enum DeviceLog {
    /// The label of the device layer's logger.
    public static let label = "OpenCoreHaptics.devices"

    /// The logger, made when first used (after the app's `LoggingSystem.bootstrap`, which usually comes first).
    public static var logger: Logger { shared }

    private static let shared = Logger(label: label)
}
