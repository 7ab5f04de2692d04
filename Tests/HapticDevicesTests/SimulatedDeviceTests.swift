import HapticSystem

#if os(Linux)
import Glibc
@testable import HapticDevices
import HapticRender
import Testing

/// The simulated actuator's model and its terminal meter (drawn on a pseudo-terminal; silent elsewhere).
@Suite(.serialized) struct SimulatedDeviceTests {
    @Test func theActuatorModelRingsUpAtResonance() throws {
        let device = SimulatedDevice(profile: .simulatedTapticLRA, meter: .off)
        try device.start(format: DeviceFormat(sampleRate: 8_000, maxBlockFrames: 80))
        let storage = BusStorage(capacity: 80)
        var accelerations: [Float] = []
        for b in 0..<10 {
            for i in 0..<80 {
                let n = b * 80 + i
                storage.haptic.amplitude[i] = 1
                storage.haptic.drive[i] = sin(2 * .pi * 170 * Float(n) / 8_000)  // at f0
            }
            _ = device.write(DeviceBlock(frameCount: 80, startFrame: b * 80, haptic: storage.haptic, audio: storage.audio))
            accelerations.append(device.currentAcceleration)
        }
        // τ = Q/(π f0) ≈ 18.7 ms: the first 10 ms block is well below the steady 1.5 g, later blocks approach it.
        #expect(accelerations[0] < accelerations[9] * 0.8, "\(accelerations)")
        #expect(accelerations[9] > 1.2 && accelerations[9] < 1.8, "\(accelerations)")
        #expect(!device.isMeterActive)
        device.stop()
        #expect(device.currentAcceleration == 0)
    }

    @Test func theMeterIsSilentWithoutATerminal() throws {
        let device = SimulatedDevice()
        try device.start(format: DeviceFormat(sampleRate: 8_000, maxBlockFrames: 80))
        #expect(device.isMeterActive == (isatty(2) == 1))
        device.stop()
        #expect(!device.isMeterActive)
        let meter = TerminalMeter()
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        #expect(!meter.start(fd: devNull) { (1, 1, 1) })
    }

    @Test func theMeterDrawsBarsOnAPseudoTerminal() throws {
        #expect(
            TerminalMeter.line(intensity: 0.5, acceleration: 0.75, fullScale: 1.5, width: 10)
                == "\r[haptic] intensity ▕█████░░░░░▏ 0.50  accel ▕█████░░░░░▏ 0.75 g")
        // posix_openpt/grantpt/unlockpt are not exported by Swift's Glibc module: the same through /dev/ptmx
        // (TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, unsigned)).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else {
            print("SKIP theMeterDrawsBarsOnAPseudoTerminal: /dev/ptmx: \(String(cString: strerror(errno)))")
            return
        }
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        try #require(ioctl(master, 0x4004_5431, &unlock) == 0 && ioctl(master, 0x8004_5430, &number) == 0)
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(slave >= 0, "/dev/pts/\(number)")
        defer { close(slave) }
        // The master end is read as the meter draws (a full pseudo-terminal buffer would hold the meter's writes).
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var drawn: [UInt8] = []
        var text: String { String(decoding: drawn, as: UTF8.self) }
        func readDrawn() {
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let n = read(master, &buffer, buffer.count)
                guard n > 0 else { return }
                drawn += buffer.prefix(n)
            }
        }
        let meter = TerminalMeter()
        let started = MonotonicClock.now()
        #expect(meter.start(fd: slave) { (0.25, 0.3, 1.5) })
        // Until it has redrawn (three frames: 70 ms on an idle machine), waiting on the terminal's output, not for a
        // time: with both cores busy the meter's thread waited for a CPU and drew 1 frame in 150 ms.
        let deadline = started + 10
        while text.ranges(of: "[haptic] intensity").count < 3, MonotonicClock.now() < deadline {
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 100)
            readDrawn()
        }
        meter.stop()
        let elapsed = MonotonicClock.now() - started
        readDrawn()
        let frames = text.ranges(of: "[haptic] intensity").count
        #expect(frames >= 3, "\(frames) frames in \(elapsed) s: \(text)")
        // About 30 frames a second, not one per rendered block: at most one per 1/30 s of the time it drew, and the first.
        #expect(frames <= Int(elapsed * TerminalMeter.framesPerSecond) + 2, "\(frames) frames in \(elapsed) s")
        #expect(text.contains("0.25"))
    }
}
#endif
