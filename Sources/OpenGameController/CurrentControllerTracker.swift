import Dispatch
import Foundation
import HapticSystem

/// Decides ``GCController/current``: the connected controller the player used most recently, where connecting
/// counts as a use (so before any input the most recently connected one is current, as it always was here), and
/// posts `GCControllerDidStopBeingCurrent` (the old one) then `GCControllerDidBecomeCurrent` (the new one) once per
/// change, on the registry's queue, in the order of the changes.
///
/// A controller that disconnects leaves the order: if it was current, the one used most recently before it becomes
/// current (with one controller left, that one), or none when no controller is left.
///
/// - Thread safety: any thread (the registry's monitor queue, the input reader's thread, test threads).
final class CurrentControllerTracker: Sendable {
    private let queue: DispatchQueue
    /// The connected controllers, least recently used first: the last one is current.
    private let order = LockedState<[GCController]>([])

    /// A tracker that posts on `queue`.
    init(queue: DispatchQueue) { self.queue = queue }

    /// The current controller.
    var current: GCController? { order.withLock { $0.last } }

    /// `controllers` connected, in order: the last one becomes current. `announce` (the connect notifications) runs
    /// once the order is updated, before the change is posted.
    func connected(_ controllers: [GCController], announce: () -> Void = {}) {
        change(announce: announce) { order in order += controllers.filter { new in !order.contains { $0 === new } } }
    }

    /// The player used `controller`: it becomes current (nothing is posted when it already is, or when it is not
    /// connected). Returns whether it is connected.
    @discardableResult
    func used(_ controller: GCController) -> Bool {
        var known = false
        change { order in
            guard let index = order.firstIndex(where: { $0 === controller }) else { return }
            known = true
            order.append(order.remove(at: index))
        }
        return known
    }

    /// `controller` disconnected; `announce` as in ``connected(_:announce:)``.
    func disconnected(_ controller: GCController, announce: () -> Void = {}) {
        change(announce: announce) { order in order.removeAll { $0 === controller } }
    }

    /// Applies `body`, runs `announce`, and posts the change of the current controller, if any, while still holding
    /// the lock (so the posts are queued in the order of the changes, and an observer of `announce`'s notifications
    /// already sees the new ``current``).
    private func change(announce: () -> Void = {}, _ body: (inout [GCController]) -> Void) {
        order.withLock { order in
            let before = order.last
            body(&order)
            announce()
            let after = order.last
            guard before !== after else { return }
            if let before { post(.GCControllerDidStopBeingCurrent, before) }
            if let after { post(.GCControllerDidBecomeCurrent, after) }
        }
    }

    private func post(_ name: NSNotification.Name, _ controller: GCController) {
        let sendable = UncheckedCompletion { NotificationCenter.default.post(name: name, object: controller) }
        queue.async { sendable.body() }
    }
}
