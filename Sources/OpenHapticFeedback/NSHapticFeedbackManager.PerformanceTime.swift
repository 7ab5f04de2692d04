extension NSHapticFeedbackManager {
    /// When a feedback pattern plays relative to drawing, with AppKit's raw values.
    ///
    /// On macOS, ``default`` behaves like ``drawCompleted``: the feedback waits for the next Cocoa drawing pass so
    /// that it lines up with what the user sees. Here there is no drawing pass (no window server, often no UI at
    /// all), so all three play at once; an app that draws its own frames should call `perform` after presenting
    /// the frame.
    ///
    /// The raw type is `UInt`, as AppKit declares it (`NS_ENUM(NSUInteger, NSHapticFeedbackPerformanceTime)`), so
    /// `PerformanceTime(rawValue: UInt(…))` compiles as on macOS.
    public enum PerformanceTime: UInt, Sendable, Hashable, CaseIterable {
        /// The default time (on macOS, like ``drawCompleted``; here, at once).
        case `default` = 0
        /// At once.
        case now = 1
        /// After the next drawing pass (here, at once).
        case drawCompleted = 2
    }
}
