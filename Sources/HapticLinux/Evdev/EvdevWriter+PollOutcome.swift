#if os(Linux)
import HapticDevices

extension EvdevWriter {
    /// What `waitForHangupOrWake` reported (its C convention: 1 hang-up, 2 the wake event, 0 the timeout).
    enum PollOutcome {
        /// The node hung up: the device was removed.
        case hangup
        /// The render thread signalled the wake event (levels rose from or fell to silence).
        case wake
        /// The update period passed.
        case timeout

        init(_ result: Int) {
            switch result {
            case 1: self = .hangup
            case 2: self = .wake
            default: self = .timeout
            }
        }
    }
}
#endif
