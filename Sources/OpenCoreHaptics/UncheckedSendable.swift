import HapticDevices
import HapticRender
import HapticSystem

/// Carries a value Swift cannot prove `Sendable` (Apple's handler closures are not) across threads. Every use
/// is documented where it is made: the value is only read and called, under the engine's rules.
struct UncheckedSendable<Value>: @unchecked Sendable {
    var value: Value
}

/// A mutex-protected slot for a value that is not `Sendable` (a user's handler closure).
final class LockedSlot<Value>: @unchecked Sendable {
    // @unchecked: every access goes through the mutex.
    private let storage: LockedState<UncheckedSendable<Value>>

    init(_ value: Value) { storage = LockedState(UncheckedSendable(value: value)) }

    var value: Value {
        get { storage.withLock { $0 }.value }
        set { storage.withLock { $0 = UncheckedSendable(value: newValue) } }
    }
}
