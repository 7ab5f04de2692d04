import HapticSystem

#if os(Linux)
import CHapticSupport
import HapticDevices

/// The system calls the evdev back-end makes, one method per call, each returning its result or `-errno`
/// (the convention of the floor's funnel, `Posix.syscall`). The real implementation is ``LinuxEvdevSystemCalls``; tests substitute a
/// mock that records the exact call trace and injects errors.
///
/// - Thread safety: implementations must be callable from any thread.
package protocol EvdevSystemCalls: Sendable {
    /// `open(path, flags)`: the new descriptor.
    func open(_ path: String, flags: Int32) -> Int
    /// `close(fd)`.
    func close(_ fd: Int32) -> Int
    /// `ioctl(fd, EVIOCGBIT(type, size), bits)`: the capability bitmask of event type `type` (0 = event types).
    func featureBits(_ fd: Int32, type: UInt32, into bits: UnsafeMutableRawBufferPointer) -> Int
    /// `ioctl(fd, EVIOCGEFFECTS, &count)`: how many effects the device can hold.
    func effectCount(_ fd: Int32, _ count: inout Int32) -> Int
    /// `ioctl(fd, EVIOCGNAME(size), name)`: the device name.
    func name(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int
    /// `ioctl(fd, EVIOCGID, &id)`: the bus type, vendor, product and version of the device.
    func inputID(_ fd: Int32, _ id: inout input_id) -> Int
    /// `ioctl(fd, EVIOCSFF, &effect)`: uploads (id −1) or updates (same id) an effect; the kernel writes the id back.
    func uploadEffect(_ fd: Int32, _ effect: inout ff_effect) -> Int
    /// `ioctl(fd, EVIOCRMFF, id)`: erases an effect.
    func removeEffect(_ fd: Int32, id: Int32) -> Int
    /// `write(fd, &input_event, 24)`: plays (value > 0) or stops (0) effect `code`, or sets `FF_GAIN`.
    func writeEvent(_ fd: Int32, type: UInt16, code: UInt16, value: Int32) -> Int
    /// `ppoll(fd, events: 0, timeout)`: 1 when the device has hung up (removed), 0 when the timeout passed.
    func waitForHangup(_ fd: Int32, timeoutNanoseconds: Int) -> Int
    /// Makes the I/O thread's wake event (an `eventfd`): its descriptor, or `-errno`.
    func makeWakeEvent() -> Int
    /// Signals the wake event: one non-blocking `write` (the render thread's only system call besides pacing).
    /// Called on the render thread, so it must not block.
    func signalWake(_ wake: Int32) -> Int
    /// Waits for a hang-up of `fd` or a signal of `wake`: 1 hang-up, 2 woken, 0 timeout, or `-errno`.
    func waitForHangupOrWake(_ fd: Int32, wake: Int32, timeoutNanoseconds: Int) -> Int
}

extension EvdevSystemCalls {
    /// No identity (mocks that do not model it): vendor and product read as 0.
    package func inputID(_ fd: Int32, _ id: inout input_id) -> Int { -Int(ENOTTY) }
    /// No wake event (mocks): the writer keeps its grid.
    package func makeWakeEvent() -> Int { -Int(ENOSYS) }
    /// Nothing to signal.
    package func signalWake(_ wake: Int32) -> Int { 0 }
    /// ``waitForHangup(_:timeoutNanoseconds:)``.
    package func waitForHangupOrWake(_ fd: Int32, wake: Int32, timeoutNanoseconds: Int) -> Int {
        waitForHangup(fd, timeoutNanoseconds: timeoutNanoseconds)
    }
}

/// The real evdev system calls: the floor's (``Posix``), each answered in the seam's convention (its result or
/// `-errno`), so the writer's funnel treats the kernel and a mock alike.
package struct LinuxEvdevSystemCalls: EvdevSystemCalls {
    /// Creates the real implementation.
    package init() {}

    package func open(_ path: String, flags: Int32) -> Int {
        seam { () throws(SystemCallError) in Int(try Posix.open(path, flags | O_CLOEXEC)) }
    }

    package func close(_ fd: Int32) -> Int { seamDone { () throws(SystemCallError) in try Posix.close(fd) } }

    package func featureBits(_ fd: Int32, type: UInt32, into bits: UnsafeMutableRawBufferPointer) -> Int {
        seam { () throws(SystemCallError) in
            Int(try Posix.ioctl(fd, Posix.evdevBitsRequest(eventType: type, byteCount: bits.count), bits.baseAddress!, name: "EVIOCGBIT"))
        }
    }

    package func effectCount(_ fd: Int32, _ count: inout Int32) -> Int {
        seam { () throws(SystemCallError) in Int(try Posix.ioctl(fd, CHapticSupport_EVIOCGEFFECTS, &count, name: "EVIOCGEFFECTS")) }
    }

    package func name(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        seam { () throws(SystemCallError) in
            Int(try Posix.ioctl(fd, Posix.evdevNameRequest(byteCount: buffer.count), buffer.baseAddress!, name: "EVIOCGNAME"))
        }
    }

    package func inputID(_ fd: Int32, _ id: inout input_id) -> Int {
        seam { () throws(SystemCallError) in Int(try Posix.ioctl(fd, CHapticSupport_EVIOCGID, &id, name: "EVIOCGID")) }
    }

    package func uploadEffect(_ fd: Int32, _ effect: inout ff_effect) -> Int {
        seam { () throws(SystemCallError) in Int(try Posix.ioctl(fd, CHapticSupport_EVIOCSFF, &effect, name: "EVIOCSFF")) }
    }

    package func removeEffect(_ fd: Int32, id: Int32) -> Int {
        seam { () throws(SystemCallError) in Int(try Posix.ioctl(fd, CHapticSupport_EVIOCRMFF, value: id, name: "EVIOCRMFF")) }
    }

    package func writeEvent(_ fd: Int32, type: UInt16, code: UInt16, value: Int32) -> Int {
        var event = input_event()
        event.type = type
        event.code = code
        event.value = value
        return seam { () throws(SystemCallError) in
            try withUnsafeBytes(of: &event) { (bytes) throws(SystemCallError) in try Posix.write(fd, bytes) }
        }
    }

    package func waitForHangup(_ fd: Int32, timeoutNanoseconds: Int) -> Int {
        waitForHangupOrWake(fd, wake: -1, timeoutNanoseconds: timeoutNanoseconds)
    }

    package func makeWakeEvent() -> Int { Int(WakeSignal.makeEventDescriptor()) }

    package func signalWake(_ wake: Int32) -> Int { Int(WakeSignal.signalEventDescriptor(wake)) }

    package func waitForHangupOrWake(_ fd: Int32, wake: Int32, timeoutNanoseconds: Int) -> Int {
        seam { () throws(SystemCallError) -> Int in
            switch try Posix.waitForHangup(fd, wake: wake, timeoutNanoseconds: timeoutNanoseconds) {
            case .timedOut: 0
            case .hungUp: 1
            case .woken: 2
            }
        }
    }

    /// A floor call's answer in the seam's convention: its result, or `-errno`.
    @inline(__always)
    private func seam(_ body: () throws(SystemCallError) -> Int) -> Int {
        do throws(SystemCallError) {
            return try body()
        } catch {
            return -Int(error.errno)
        }
    }

    /// ``seam(_:)`` for a call with no result.
    @inline(__always)
    private func seamDone(_ body: () throws(SystemCallError) -> Void) -> Int {
        seam { () throws(SystemCallError) -> Int in
            try body()
            return 0
        }
    }
}
#endif
