import HapticSystem

#if os(Linux)
import CHapticSupport
import Glibc
import HapticDevices
import HapticLinux
import HapticRender
import Synchronization

/// A scripted evdev node: records every system call as a line of text (the exact ioctl trace) and injects errors.
///
/// Trace lines: `open <path>`, `close <fd>`, `EVIOCGNAME`, `EVIOCGBIT(<type>)`, `EVIOCGEFFECTS`,
/// `EVIOCSFF id=<id> RUMBLE strong=<s> weak=<w> len=<ms>` (or `PERIODIC sine period=<ms> mag=<m> len=<ms>`),
/// `EVIOCRMFF <id>`, `write EV_FF code=<c> value=<v>`, each followed by ` -> <result>` (`-> EINTR`, …).
/// `ppoll` calls are counted, not traced.
///
/// Like the kernel's evdev, one mutex per node serializes uploads, erases and writes: a write made while an upload
/// waits for the device (``setUploadDelay(_:)``) waits too.
final class MockEvdevSystemCalls: EvdevSystemCalls {
    struct State {
        var trace: [String] = []
        var failures: [String: [Int32]] = [:]  // call name → errno values to return, in order
        var slots: [Bool]
        var hungUp = false
        var ppolls = 0
        var uploadDelay: Double = 0
        var rumble = true
        var periodic = true
        var hasFF = true
        var openErrno: Int32 = 0
        /// Gamepad buttons (`EV_KEY` with `BTN_GAMEPAD`) and an identity (`EVIOCGID`): a game controller.
        var gamepad: (vendor: UInt16, product: UInt16)?
        /// Key codes the gamepad reports beyond its face buttons (an Xbox Elite's paddles, a share button).
        var extraKeys: [UInt16] = []
        /// The version `EVIOCGID` reports.
        var version: UInt16 = 0
    }
    let state: LockedState<State>
    /// The node's mutex (evdev's `evdev->mutex`), held through an upload's delay.
    private let node = LockedState(())
    private let uploading = Atomic<Int>(0)
    /// Whether an upload is waiting for the device right now.
    var isUploading: Bool { uploading.load(ordering: .sequentiallyConsistent) > 0 }

    init(slots: Int = 16) { state = LockedState(State(slots: Array(repeating: false, count: slots))) }

    var trace: [String] { state.withLock { $0.trace } }
    var ppollCount: Int { state.withLock { $0.ppolls } }
    func clearTrace() { state.withLock { $0.trace.removeAll() } }
    /// The next `count` calls named `call` fail with `code`.
    func fail(_ call: String, with code: Int32, times count: Int = 1) {
        state.withLock { $0.failures[call, default: []] += Array(repeating: code, count: count) }
    }
    func hangUp() { state.withLock { $0.hungUp = true } }
    func setUploadDelay(_ seconds: Double) { state.withLock { $0.uploadDelay = seconds } }
    func configure(_ body: (inout State) -> Void) { state.withLock { body(&$0) } }

    private static func name(_ code: Int32) -> String {
        switch code {
        case EINTR: "EINTR"
        case EBUSY: "EBUSY"
        case ENOSPC: "ENOSPC"
        case ENODEV: "ENODEV"
        case EINVAL: "EINVAL"
        case EACCES: "EACCES"
        case EAGAIN: "EAGAIN"
        default: "errno \(code)"
        }
    }

    /// Records `line`; returns `-errno` when a failure is scripted for `call`, else `nil`.
    private func record(_ call: String, _ line: String, _ s: inout State) -> Int? {
        if var queue = s.failures[call], !queue.isEmpty {
            let code = queue.removeFirst()
            s.failures[call] = queue
            s.trace.append("\(line) -> \(Self.name(code))")
            return -Int(code)
        }
        if s.hungUp && call != "close" {
            s.trace.append("\(line) -> ENODEV")
            return -Int(ENODEV)
        }
        return nil
    }

    func open(_ path: String, flags: Int32) -> Int {
        state.withLock { s in
            if s.openErrno != 0 {
                s.trace.append("open \(path) -> \(Self.name(s.openErrno))")
                return -Int(s.openErrno)
            }
            if let r = record("open", "open \(path)", &s) { return r }
            s.trace.append("open \(path) -> 7")
            return 7
        }
    }

    func close(_ fd: Int32) -> Int {
        state.withLock { s in
            // The kernel's flush on close erases what this descriptor owned.
            for i in s.slots.indices { s.slots[i] = false }
            s.trace.append("close \(fd)")
            return 0
        }
    }

    func featureBits(_ fd: Int32, type: UInt32, into bits: UnsafeMutableRawBufferPointer) -> Int {
        state.withLock { s in
            if let r = record("EVIOCGBIT", "EVIOCGBIT(\(type))", &s) { return r }
            s.trace.append("EVIOCGBIT(\(type)) -> ok")
            for i in bits.indices { bits[i] = 0 }
            func set(_ bit: Int32) { bits[Int(bit) / 8] |= UInt8(1 << (Int(bit) % 8)) }
            if type == 0 {
                set(Int32(EV_SYN))
                if s.hasFF { set(Int32(EV_FF)) }
                if s.gamepad != nil { set(Int32(EV_KEY)) }
            } else if type == UInt32(EV_KEY) {
                if s.gamepad != nil {
                    set(Int32(BTN_SOUTH))
                    set(Int32(BTN_EAST))
                    for key in s.extraKeys { set(Int32(key)) }
                }
            } else if type == UInt32(EV_FF) {
                if s.rumble { set(Int32(FF_RUMBLE)) }
                if s.periodic {
                    set(Int32(FF_PERIODIC))
                    set(Int32(FF_SINE))
                }
                set(Int32(FF_GAIN))
            }
            return bits.count
        }
    }

    func inputID(_ fd: Int32, _ id: inout input_id) -> Int {
        state.withLock { s in
            if let r = record("EVIOCGID", "EVIOCGID", &s) { return r }
            guard let gamepad = s.gamepad else { return -Int(ENOTTY) }
            s.trace.append("EVIOCGID -> \(gamepad.vendor):\(gamepad.product)")
            id.bustype = 3
            id.vendor = gamepad.vendor
            id.product = gamepad.product
            id.version = s.version
            return 0
        }
    }

    func effectCount(_ fd: Int32, _ count: inout Int32) -> Int {
        state.withLock { s in
            if let r = record("EVIOCGEFFECTS", "EVIOCGEFFECTS", &s) { return r }
            s.trace.append("EVIOCGEFFECTS -> \(s.slots.count)")
            count = Int32(s.slots.count)
            return 0
        }
    }

    func name(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        state.withLock { s in
            if let r = record("EVIOCGNAME", "EVIOCGNAME", &s) { return r }
            let text = Array("mock-pad".utf8) + [0]
            for (i, byte) in text.enumerated() where i < buffer.count { buffer[i] = byte }
            s.trace.append("EVIOCGNAME -> mock-pad")
            return text.count
        }
    }

    func uploadEffect(_ fd: Int32, _ effect: inout ff_effect) -> Int {
        node.withLock { _ in
            uploading.wrappingAdd(1, ordering: .sequentiallyConsistent)
            defer { uploading.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
            return uploadEffectHoldingTheNode(fd, &effect)
        }
    }

    private func uploadEffectHoldingTheNode(_ fd: Int32, _ effect: inout ff_effect) -> Int {
        let delay = state.withLock { $0.uploadDelay }
        if delay > 0 { usleep(UInt32(delay * 1e6)) }
        return state.withLock { s in
            let body: String
            if effect.type == UInt16(FF_RUMBLE) {
                body = "RUMBLE strong=\(effect.u.rumble.strong_magnitude) weak=\(effect.u.rumble.weak_magnitude)"
            } else {
                body =
                    "PERIODIC sine=\(effect.u.periodic.waveform == UInt16(FF_SINE)) period=\(effect.u.periodic.period) mag=\(effect.u.periodic.magnitude)"
            }
            let line = "EVIOCSFF id=\(effect.id) \(body) len=\(effect.replay.length)"
            if let r = record("EVIOCSFF", line, &s) { return r }
            if effect.id < 0 {
                guard let free = s.slots.firstIndex(of: false) else {
                    s.trace.append("\(line) -> ENOSPC")
                    return -Int(ENOSPC)
                }
                s.slots[free] = true
                effect.id = Int16(free)
            } else if Int(effect.id) >= s.slots.count || !s.slots[Int(effect.id)] {
                s.trace.append("\(line) -> EINVAL")
                return -Int(EINVAL)
            }
            s.trace.append("\(line) -> \(effect.id)")
            return 0
        }
    }

    func removeEffect(_ fd: Int32, id: Int32) -> Int {
        node.withLock { _ in removeEffectHoldingTheNode(fd, id: id) }
    }

    private func removeEffectHoldingTheNode(_ fd: Int32, id: Int32) -> Int {
        state.withLock { s in
            if let r = record("EVIOCRMFF", "EVIOCRMFF \(id)", &s) { return r }
            if Int(id) < s.slots.count { s.slots[Int(id)] = false }
            s.trace.append("EVIOCRMFF \(id) -> ok")
            return 0
        }
    }

    func writeEvent(_ fd: Int32, type: UInt16, code: UInt16, value: Int32) -> Int {
        node.withLock { _ in writeEventHoldingTheNode(fd, type: type, code: code, value: value) }
    }

    private func writeEventHoldingTheNode(_ fd: Int32, type: UInt16, code: UInt16, value: Int32) -> Int {
        state.withLock { s in
            let line = "write EV_FF code=\(code) value=\(value)"
            if let r = record("write", line, &s) { return r }
            s.trace.append("\(line) -> 24")
            return 24
        }
    }

    func waitForHangup(_ fd: Int32, timeoutNanoseconds: Int) -> Int {
        let hungUp = state.withLock { s -> Bool in
            s.ppolls += 1
            return s.hungUp
        }
        if hungUp { return 1 }
        usleep(UInt32(Swift.max(0, timeoutNanoseconds / 1000)))
        return 0
    }

    /// Slots currently allocated.
    var allocatedSlots: Int { state.withLock { $0.slots.filter { $0 }.count } }
}
#endif
