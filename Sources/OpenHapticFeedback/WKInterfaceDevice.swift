/// The watch, as far as haptics go: ``current()`` and ``play(_:)``, with WatchKit's names.
///
///     WKInterfaceDevice.current().play(.success)
///
/// - Note: Differences from WatchKit: only haptic playback is provided (no screen, battery or orientation
///   properties), and the device is not `@MainActor`: ``play(_:)`` may be called from any thread. It plays on
///   ``FeedbackCenter/current`` *at the time of the call*, so the preferences and rate limits apply.
///
/// Thread safety: any thread.
public final class WKInterfaceDevice: Sendable {
    private static let device = WKInterfaceDevice()

    private init() {}

    /// The device the code runs on.
    ///
    /// - Returns: the shared device object.
    public class func current() -> WKInterfaceDevice {
        device
    }

    /// Plays a haptic type's library pattern.
    ///
    ///     WKInterfaceDevice.current().play(.click)
    ///
    /// - Parameter type: the haptic type.
    public func play(_ type: WKHapticType) {
        FeedbackCenter.current.play(named: type.patternName)
    }
}
