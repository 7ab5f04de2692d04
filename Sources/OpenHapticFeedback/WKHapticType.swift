/// watchOS's haptic types, with WatchKit's raw values, played by ``WKInterfaceDevice/play(_:)``.
///
/// Types with the same meaning as an iOS feedback share its pattern, so a meaning feels the same everywhere
/// (`success` ↔ success, `failure` ↔ error, `directionUp`/`directionDown` ↔ increase/decrease).
///
/// | Type | Raw | Pattern | Feel |
/// |---|---|---|---|
/// | notification | 0 | `notification` | two taps, then a short buzz |
/// | directionUp | 1 | `increase` | three ticks rising |
/// | directionDown | 2 | `decrease` | three ticks falling |
/// | success | 3 | `success` | double tap, strong then weaker |
/// | failure | 4 | `error` | three rapid buzzes |
/// | retry | 5 | `retry` | a short low buzz, then a firm tap |
/// | start | 6 | `start` | a rising swell, then a tap |
/// | stop | 7 | `stop` | a tap, then a falling swell |
/// | click | 8 | `click` | one light, very crisp tap |
///
/// - Note: Differences from WatchKit: the watchOS 7 navigation types and the watchOS 9 underwater types are not
///   provided (their raw values are not documented).
public enum WKHapticType: Int, Sendable, Hashable, CaseIterable {
    /// A notification arrived while the app was not in the foreground.
    case notification = 0
    /// A value went up or crossed a threshold upwards.
    case directionUp = 1
    /// A value went down or crossed a threshold downwards.
    case directionDown = 2
    /// A task completed successfully.
    case success = 3
    /// A task failed.
    case failure = 4
    /// A task failed for now and should be tried again.
    case retry = 5
    /// An activity started.
    case start = 6
    /// An activity stopped.
    case stop = 7
    /// A light click, for example at a detent.
    case click = 8

    /// The library pattern the type plays.
    var patternName: String {
        switch self {
        case .notification: "notification"
        case .directionUp: "increase"
        case .directionDown: "decrease"
        case .success: "success"
        case .failure: "error"
        case .retry: "retry"
        case .start: "start"
        case .stop: "stop"
        case .click: "click"
        }
    }
}
