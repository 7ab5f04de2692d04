import HapticDevices
import HapticSystem

/// The engine's line to an onset-anticipating device (``HapticDevices/OnsetAnticipating``: evdev): the hints its
/// state machine issues — arm an onset, start it, scale the gain — delivered outside the engine's lock, in the order
/// they were issued.
///
/// **Why an order, and why this one.** The hints used to be sent under the engine's lock, which ordered them: an
/// arm reached the device before a later player's arm, and a start's onset before any later call's hint. Outside the
/// lock two threads can perform their actions in either order, so the state machine numbers every hint
/// (``EngineStateMachine/hintSequence``, under the lock, so the numbers are the lock's order) and this latch delivers
/// them by number: a hint whose predecessor has not been delivered yet is parked, and the thread that delivers the
/// predecessor delivers it next. Nobody waits: a thread either delivers or leaves its hint for the thread that is
/// delivering.
///
/// **A gain is prepared first.** An intensity scale must be known to the device before the render thread can reach
/// the command it anticipates, or the device's own thread would apply the rendered level and then the scale again.
/// So the state machine has it recorded under the lock, before it queues the command (``prepare(_:)``: the device's
/// `prepareScale`, a record with no system call), and the delivered hint sends what is prepared (`sendPreparedScale`,
/// the `FF_GAIN` write, outside the lock). Prepared scales multiply, and each is sent once by whoever comes first.
///
/// The latch's own lock guards only its bookkeeping; the device is called outside it. Hints of two engines sharing
/// one device are not ordered between the engines (they never were: each engine had its own lock); every guess is
/// corrected by the rendered level within a block.
///
/// - Thread safety: any thread. Real-time safety: not for the render thread (it locks).
final class DeviceHints: Sendable {
    /// The device told.
    let device: any OnsetAnticipating
    private let order: LockedState<Order>

    /// Room for hints waiting for a predecessor before the list grows (a thread preempted between its transition and
    /// its actions holds the others' hints back until it delivers its own; the shell performs every action it is given,
    /// also after a transition threw, so every number comes).
    static let parkingCapacity = 8

    private struct Order {
        /// The sequence number of the next hint to deliver.
        var next: UInt64
        /// Hints that came before their predecessor.
        var parked: [(sequence: UInt64, hint: DeviceHint)] = []
        /// Whether a thread is delivering (it delivers the parked hints that become due).
        var delivering = false
    }

    /// A line to `device` whose first hint will carry `firstSequence`.
    init(device: any OnsetAnticipating, firstSequence: UInt64) {
        self.device = device
        var order = Order(next: firstSequence)
        order.parked.reserveCapacity(Self.parkingCapacity)
        self.order = LockedState(order)
    }

    /// Delivers `hint` now if it is the next one, after its predecessors otherwise (see the type's discussion).
    func deliver(_ hint: DeviceHint, sequence: UInt64) {
        var due = order.withLock { o -> DeviceHint? in
            guard !o.delivering, sequence == o.next else {
                o.parked.append((sequence, hint))
                return nil
            }
            o.delivering = true
            o.next &+= 1
            return hint
        }
        while let hint = due {
            send(hint)
            due = order.withLock { o in Self.takeNext(&o) }
        }
    }

    /// The parked hint that is due next (marking the latch delivering), or `nil` (marking it idle).
    private static func takeNext(_ o: inout Order) -> DeviceHint? {
        guard let index = o.parked.firstIndex(where: { $0.sequence == o.next }) else {
            o.delivering = false
            return nil
        }
        o.delivering = true
        o.next &+= 1
        return o.parked.remove(at: index).hint
    }

    /// Records what `hint` needs the device to know before the engine queues the command it anticipates: a gain's
    /// factor (the device's `prepareScale`), and sends it at once (`sendPreparedScale`: one non-blocking `FF_GAIN`
    /// write, never while the device's I/O thread is in an upload, or a wake of that thread). Called under the
    /// engine's lock, before the command is queued; nothing for the other hints.
    ///
    /// The one device write left under the engine's lock, deliberately: sent after the lock — by the hint's delivery,
    /// or directly as the first thing after the unlock — the engine's own path from the call to the write grew from 5
    /// to 12 µs either way (QEMU gate, instruction clock; the level change +8…+9 / +12…+13 µs median / p90 against
    /// SDL2's in the same run, instead of +2 / +6 µs): the write then follows the commands' enqueue and the unlock.
    /// The later `send` of the hint finds nothing prepared and does nothing.
    func prepare(_ hint: DeviceHint) {
        if case .gain(let factor) = hint {
            device.prepareScale(factor)
            device.sendPreparedScale()
        }
    }

    private func send(_ hint: DeviceHint) {
        switch hint {
        case .arm(let levels): device.anticipateOnset(levels)
        case .startOnset(let levels): _ = device.startAnticipatedOnset(levels)
        case .gain: device.sendPreparedScale()
        }
    }
}
