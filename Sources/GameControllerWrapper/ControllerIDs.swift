import CGameControllerWrapper
import Foundation
import HapticSystem
import OpenGameController

/// The controllers the plug-in has seen, each under the unique id (a UUID string) the plug-in names it by, with the
/// C strings of its `GCWController` made once.
///
/// A controller gets its id the first time the library sees it (listed or connected), as in Apple's plug-in, and
/// loses it when it disconnects. The C strings of every controller ever seen stay allocated (a connection callback
/// queued before a disconnect may still read them; a few bytes per controller plugged in).
final class ControllerIDs: Sendable {
    /// One controller and its C form.
    private final class Record: @unchecked Sendable {
        // @unchecked: immutable after init; the C strings are never written.
        let controller: GCController
        let id: String
        let c: GCWController

        init(controller: GCController, id: String) {
            self.controller = controller
            self.id = id
            c = GCWController(
                uniqueId: strdup(id), productCategory: strdup(controller.productCategory),
                vendorName: strdup(controller.vendorName ?? ""), isAttachedToDevice: controller.isAttachedToDevice,
                hasHaptics: controller.haptics != nil, hasLight: controller.light != nil, hasBattery: controller.battery != nil)
        }
    }

    private struct State {
        var byID: [String: Record] = [:]
        var byController: [ObjectIdentifier: Record] = [:]
        /// Every record ever made, so their C strings stay reachable.
        var all: [Record] = []
        /// The array the last `GetConnectedControllers` returned.
        var lastList: UnsafeMutableBufferPointer<GCWController>?
    }

    private let state = LockedState(State())

    /// The process's controller ids (the C ABI has no context argument).
    static let shared = ControllerIDs()

    /// The `GCWController` of `controller`, giving it an id first if it has none.
    func describe(_ controller: GCController) -> GCWController {
        state.withLock { state in Self.record(controller, in: &state).c }
    }

    /// The `GCWController` of a controller that disconnected, and forgets its id; `nil` if it never had one.
    func forget(_ controller: GCController) -> GCWController? {
        state.withLock { state in
            guard let record = state.byController.removeValue(forKey: ObjectIdentifier(controller)) else { return nil }
            state.byID[record.id] = nil
            return record.c
        }
    }

    /// The controller a C id names, if connected and seen.
    func controller(_ id: UnsafePointer<CChar>?) -> GCController? {
        guard let id else { return nil }
        let text = String(decoding: UnsafeRawBufferPointer(start: id, count: strnlen(id, 64)), as: UTF8.self)
        return state.withLock { $0.byID[text]?.controller }
    }

    /// The connected controllers as a C array, valid until the next call (the previous one is freed).
    func list(_ controllers: [GCController]) -> GCWGetConnectedControllersResponse {
        state.withLock { state in
            let items = controllers.map { Self.record($0, in: &state).c }
            state.lastList?.deallocate()
            let buffer = UnsafeMutableBufferPointer<GCWController>.allocate(capacity: max(items.count, 1))
            _ = buffer.initialize(from: items)
            state.lastList = buffer
            return GCWGetConnectedControllersResponse(controllers: buffer.baseAddress, controllerCount: Int32(items.count))
        }
    }

    private static func record(_ controller: GCController, in state: inout State) -> Record {
        if let known = state.byController[ObjectIdentifier(controller)] { return known }
        let record = Record(controller: controller, id: UUID().uuidString)
        state.byController[ObjectIdentifier(controller)] = record
        state.byID[record.id] = record
        state.all.append(record)
        return record
    }
}
