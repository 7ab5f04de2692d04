// One emulated pad's input FIFO (padevice's /tmp/pa.input, dsemu's /tmp/ds1.input, …): each byte written asks the
// emulator for one input (a press, a pose, fingers on the touchpad), which it writes to the kernel and logs with the
// time. Every phase that asks a pad for input goes through this.
#if os(Linux)
import HapticSystem

/// The FIFO of the emulated pad `what` at `path`, open for asking; a failure to open or to write ends the check.
final class EmulatorInput {
    private let fifo: Int32
    /// The pad, as the failure messages name it ("the DualSense", "the stick", "pad A").
    let what: String

    init(_ path: String, what: String) {
        self.what = what
        do throws(SystemCallError) {
            fifo = try Posix.open(path, O_WRONLY | O_NONBLOCK)
        } catch {
            fail("cannot open \(what)'s input FIFO \(path): \(error)")
        }
    }

    deinit { try? Posix.close(fifo) }

    /// Asks the pad for the input `byte` stands for.
    func ask(_ byte: UInt8) {
        let written = try? [byte].withUnsafeBytes { (bytes) throws(SystemCallError) in try Posix.write(fifo, bytes) }
        if written != 1 { fail("asking \(what) for input '\(Character(Unicode.Scalar(byte)))'") }
    }
}
#endif
