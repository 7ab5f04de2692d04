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
/// | navigationLeftTurn | 9 | `navigation-left-turn` | two pairs of taps (60 ms within a pair, 120 ms between) |
/// | navigationRightTurn | 10 | `navigation-right-turn` | four even taps, 80 ms apart |
/// | navigationGenericManeuver | 11 | `navigation-generic-maneuver` | one 200 ms buzz, no rhythm |
/// | underwaterDepthPrompt | 12 | `underwater-depth-prompt` | two strong, low 80 ms buzzes |
/// | underwaterDepthCriticalPrompt | 13 | `underwater-depth-critical-prompt` | four full-strength 50 ms buzzes |
///
/// The two turns are told apart by rhythm alone, without looking at the watch — the idea of Apple Maps on the
/// watch, where a right turn is a steady series of taps and a left turn a series of pairs — and both are short
/// enough for a discrete cue. The critical depth prompt is stronger, faster and longer than the plain prompt.
///
/// Raw values 9–13 follow WatchKit's header order (`NavigationLeftTurn` is 9 in the header translation of
/// objc2-watch-kit; 10–13 follow as `NS_ENUM` numbers them).
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
    /// Turn left at the next junction (watchOS 7).
    case navigationLeftTurn = 9
    /// Turn right at the next junction (watchOS 7).
    case navigationRightTurn = 10
    /// Another navigation maneuver ahead, neither a left nor a right turn (watchOS 7).
    case navigationGenericManeuver = 11
    /// A depth prompt during a dive (watchOS 9).
    case underwaterDepthPrompt = 12
    /// A critical depth prompt during a dive, such as a depth limit exceeded (watchOS 9).
    case underwaterDepthCriticalPrompt = 13

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
        case .navigationLeftTurn: "navigation-left-turn"
        case .navigationRightTurn: "navigation-right-turn"
        case .navigationGenericManeuver: "navigation-generic-maneuver"
        case .underwaterDepthPrompt: "underwater-depth-prompt"
        case .underwaterDepthCriticalPrompt: "underwater-depth-critical-prompt"
        }
    }
}
