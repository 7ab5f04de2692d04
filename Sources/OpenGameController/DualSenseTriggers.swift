import HapticDevices
import HapticSystem

/// The two adaptive triggers of one DualSense over one output: what each was last set to, a clear message when a
/// write fails, and the promise that triggers left on are turned off when this object goes away (with its
/// controller) or the process exits normally (`atexit`).
///
/// Thread safety: any thread; writes are serialised by the lock (they are short writes to a hidraw node).
package final class DualSenseTriggers: Sendable {
    /// Which trigger.
    package enum Side: Sendable {
        /// L2.
        case left
        /// R2.
        case right
    }

    /// Where reports go.
    package let output: any DualSenseTriggerOutput
    private let state = LockedState(State())

    private struct State {
        var left: DualSenseTriggerEffect = .off
        var right: DualSenseTriggerEffect = .off
        var reportedProblem: String?
    }

    internal init(output: any DualSenseTriggerOutput) { self.output = output }

    deinit {
        Self.live.withLock { $0[ObjectIdentifier(self)] = nil }
        turnOff()
    }

    /// Writes `effect` to `side`. Returns `nil` when it was written, else the problem (logged once per distinct
    /// problem).
    internal func set(_ side: Side, _ effect: DualSenseTriggerEffect) -> String? {
        let problem = state.withLock { s -> String? in
            do throws(DeviceError) {
                try output.apply(left: side == .left ? effect : nil, right: side == .right ? effect : nil)
            } catch {
                let message = "DualSense adaptive trigger not set: \(error)"
                if s.reportedProblem != message { DeviceLog.logger.error("\(message)") }
                s.reportedProblem = message
                return message
            }
            if side == .left { s.left = effect } else { s.right = effect }
            return nil
        }
        if problem == nil, effect != .off { Self.watchForExit(self) }
        return problem
    }

    /// Why the triggers cannot be set now, if known.
    package var problem: String? { output.problem }

    /// The controller went away: its output writes nothing more (and nothing is turned off at deinit or exit).
    package func disconnect() {
        state.withLock { s in
            s.left = .off
            s.right = .off
        }
        output.disconnect()
    }

    /// What the pad reports about `side` in its latest input report, or `nil` when it cannot be read.
    package func feedback(_ side: Side) -> DualSenseTriggerFeedback.Trigger? {
        guard let input = output.latestInput() else { return nil }
        return side == .left ? input.left : input.right
    }

    /// The effect last written to `side`.
    package func effect(_ side: Side) -> DualSenseTriggerEffect { state.withLock { side == .left ? $0.left : $0.right } }

    /// Turns off the triggers left on (one report), keeping what failed to itself.
    package func turnOff() {
        state.withLock { s in
            let left: DualSenseTriggerEffect? = s.left == .off ? nil : .off
            let right: DualSenseTriggerEffect? = s.right == .off ? nil : .off
            guard left != nil || right != nil else { return }
            do throws(DeviceError) {
                try output.apply(left: left, right: right)
                s.left = .off
                s.right = .off
            } catch {
                DeviceLog.logger.notice("DualSense adaptive triggers not turned off: \(error)")
            }
        }
    }

    // MARK: Exit

    private struct Weak: Sendable {
        internal weak var triggers: DualSenseTriggers?
    }

    private static let live = LockedState<[ObjectIdentifier: Weak]>([:])
    private static let exitHook = LockedState(false)

    private static func watchForExit(_ triggers: DualSenseTriggers) {
        live.withLock { $0[ObjectIdentifier(triggers)] = Weak(triggers: triggers) }
        let install = exitHook.withLock { installed -> Bool in
            defer { installed = true }
            return !installed
        }
        if install { atexit { DualSenseTriggers.turnOffAll() } }
    }

    /// Turns off every DualSense's triggers still on (at exit).
    package static func turnOffAll() {
        let all = live.withLock { $0.values.compactMap(\.triggers) }
        for triggers in all { triggers.turnOff() }
    }
}
