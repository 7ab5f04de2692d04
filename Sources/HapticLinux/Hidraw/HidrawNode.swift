#if os(Linux)
import CHapticSupport
import HapticDevices
import HapticSystem

/// A DualSense's hidraw node opened for writing once and shared by everything that writes it: the adaptive triggers
/// (``HidrawTriggerOutput``, from control threads) and the Bluetooth voice coils (``HidrawCoilDevice``, from the
/// render thread). One descriptor, opened under a lock the first time either needs it, so the two never race to open
/// the node twice; each `write` is one whole report, which hidraw passes to the pad as it is.
///
///     let node = HidrawNode.shared(path: "/dev/hidraw3")
///     let descriptor = try node.descriptor().get()
///
/// Before anything is written, `HIDIOCGRAWINFO` must name a DualSense (054C:0CE6) or DualSense Edge (054C:0DF2), so a
/// node number the kernel gave another device never receives a pad's reports. Once the pad is gone (``markGone()``,
/// an identity that does not match) the node is never opened again. The descriptor is closed when the last user lets
/// the node go — never while one of them may still be writing it (a closed number could be reused by another file).
///
/// - Thread safety: any thread.
/// - Real-time safety: none; the render thread uses the descriptor it got at start.
package final class HidrawNode: Sendable {
    /// The node's path.
    package let path: String
    private let openNode: @Sendable (String) throws(SystemCallError) -> Int32
    private let identify: @Sendable (Int32) throws(SystemCallError) -> (vendor: UInt16, product: UInt16)
    private let state = LockedState(State())

    private struct State {
        var descriptor: Int32 = -1
        var gone: DeviceError?
    }

    private struct WeakNode {
        weak var node: HidrawNode?
    }

    /// The nodes in use, by the path's bytes.
    private static let registry = LockedState([[UInt8]: WeakNode]())

    /// The process's node for `path` (the same object while anything holds it), opened with `open(2)` and identified
    /// with `HIDIOCGRAWINFO`.
    package static func shared(path: String) -> HidrawNode {
        registry.withLock { nodes in
            let key = Array(path.utf8)
            if let node = nodes[key]?.node { return node }
            let node = HidrawNode(path: path)
            nodes = nodes.filter { $0.value.node != nil }
            nodes[key] = WeakNode(node: node)
            return node
        }
    }

    /// A node of its own for `path`, opened by `openNode` (the descriptor) and identified by `identify` (tests replace
    /// both; ``shared(path:)`` uses the system's).
    package init(
        path: String,
        openNode: @escaping @Sendable (String) throws(SystemCallError) -> Int32 = { node in try Posix.open(node, O_WRONLY | O_CLOEXEC) },
        identify: @escaping @Sendable (Int32) throws(SystemCallError) -> (vendor: UInt16, product: UInt16) = HidrawNode.identify
    ) {
        self.path = path
        self.openNode = openNode
        self.identify = identify
    }

    deinit {
        state.withLock { s in
            if s.descriptor >= 0 { try? Posix.close(s.descriptor) }
        }
    }

    /// The vendor and product of the HID device behind `descriptor`. The corresponding ioctl is `HIDIOCGRAWINFO`.
    package static func identify(_ descriptor: Int32) throws(SystemCallError) -> (vendor: UInt16, product: UInt16) {
        var info = hidraw_devinfo()
        try Posix.ioctl(descriptor, CHapticSupport_HIDIOCGRAWINFO, &info, name: "HIDIOCGRAWINFO")
        return (UInt16(bitPattern: info.vendor), UInt16(bitPattern: info.product))
    }

    /// Whether `vendor`:`product` is a DualSense or DualSense Edge.
    package static func isDualSense(vendor: UInt16, product: UInt16) -> Bool {
        vendor == 0x054C && (product == 0x0CE6 || product == 0x0DF2)
    }

    /// The write descriptor: opened and identified on the first call, the same one afterwards.
    ///
    /// - Returns: the descriptor, or a `DeviceError` naming the node: what `open` reported (`permissionDenied`,
    ///   `notFound`, …; tried again on the next call), or `removed` once the pad is gone or the node is another device.
    package func descriptor() -> Result<Int32, DeviceError> {
        state.withLock { s -> Result<Int32, DeviceError> in
            if let gone = s.gone { return .failure(gone) }
            if s.descriptor >= 0 { return .success(s.descriptor) }
            let descriptor: Int32
            do throws(SystemCallError) {
                descriptor = try openNode(path)
            } catch {
                return .failure(DeviceError(error, device: path))
            }
            let failure: DeviceError
            do throws(SystemCallError) {
                let id = try identify(descriptor)
                if Self.isDualSense(vendor: id.vendor, product: id.product) {
                    s.descriptor = descriptor
                    return .success(descriptor)
                }
                failure = DeviceError(
                    .removed,
                    "\(path) is now \(Self.hex(id.vendor)):\(Self.hex(id.product)), not the DualSense found there; nothing is written")
            } catch {
                failure = DeviceError(error, device: path)
            }
            try? Posix.close(descriptor)
            s.gone = failure
            return .failure(failure)
        }
    }

    /// The pad is gone: the node is never opened again, and ``descriptor()`` fails with `removed` from now on.
    package func markGone() {
        state.withLock { s in
            if s.gone == nil { s.gone = DeviceError(.removed, "\(path): the DualSense was disconnected; nothing is written") }
        }
    }

    /// Whether the pad is gone.
    package var isGone: Bool { state.withLock { $0.gone != nil } }

    private static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
#endif
