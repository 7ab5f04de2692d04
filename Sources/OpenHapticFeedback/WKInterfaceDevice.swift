import Foundation

/// The watch, as far as haptics go: ``current()`` and ``play(_:)``, with WatchKit's names.
///
///     WKInterfaceDevice.current().play(.success)
///
/// - Note: Differences from WatchKit: only haptic playback is provided (no screen, battery or orientation
///   properties), and the device is not `@MainActor`: ``play(_:)`` may be called from any thread. It plays on
///   ``FeedbackCenter/current`` *at the time of the call*, so the preferences and rate limits apply.
///
/// The class is an `open` `NSObject` subclass, as in WatchKit, so a test can substitute a subclass that records what
/// it was asked to play.
///
/// Thread safety: any thread.
open class WKInterfaceDevice: NSObject, @unchecked Sendable {
    // @unchecked: non-final for the WatchKit class hierarchy; it has no state.
    private static let device = WKInterfaceDevice()

    /// The device the code runs on.
    ///
    /// - Returns: the shared device object.
    open class func current() -> WKInterfaceDevice {
        device
    }

    /// Plays a haptic type's library pattern.
    ///
    ///     WKInterfaceDevice.current().play(.click)
    ///
    /// - Parameter type: the haptic type.
    open func play(_ type: WKHapticType) {
        FeedbackCenter.current.play(named: type.patternName)
    }
}
