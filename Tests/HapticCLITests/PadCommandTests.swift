import Foundation
import HapticDevices
import HapticTestSupport
import OpenGameController
import Testing

@testable import HapticCommands

/// `haptic pad`: a controller's input printed as it changes (issue 35, item 6), driven on a simulated pad in process,
/// and the command's refusals end to end.
@Suite(.offTheConcurrencyPool, .serialized) struct PadCommandTests {
    /// Lines a monitor printed, waited for on a condition.
    final class Printed: @unchecked Sendable {
        // @unchecked: `lines` and `done` are behind the condition's lock.
        private let condition = NSCondition()
        private var lines: [String] = []
        private var done = false

        func add(_ line: String) {
            condition.lock()
            lines.append(line)
            condition.broadcast()
            condition.unlock()
        }

        func finish() {
            condition.lock()
            done = true
            condition.broadcast()
            condition.unlock()
        }

        /// Waits up to 10 s for the monitor to finish; the lines then.
        func waitUntilFinished() -> (lines: [String], finished: Bool) {
            let deadline = Date(timeIntervalSinceNow: 10)
            condition.lock()
            defer { condition.unlock() }
            while !done, condition.wait(until: deadline) {}
            return (lines, done)
        }
    }

    @Test func eachChangeOfASimulatedPadIsALineWithAppleNameAndValue() throws {
        let registry = ControllerRegistry(
            environment: ["HAPTIC_CONTROLLERS": "simulated:dualsense+motion", "HAPTIC_INPUT_DIR": "/nonexistent"], clock: .manual,
            watchesHotPlug: false)
        // Not installed: the process's registry belongs to the GameController suites, which may run meanwhile.
        defer { registry.shutdown() }
        let pad = try #require(registry.controllers().first { $0.info.isSimulated })
        let printed = Printed()
        let monitor = PadMonitor(controller: pad, motion: true, limit: 4, emit: printed.add, finished: printed.finish)
        #expect(monitor.header == "Reading Simulated DualSense Wireless Controller (GCDualSenseGamepad, motion on); Ctrl-C stops.")
        monitor.start()
        #expect(pad.motion?.sensorsActive == true)
        registry.simulateInput([.button(0x130, pressed: true)], on: pad)
        registry.simulateInput([.axis(0x00, value: 255), .axis(0x01, value: 0), .report], on: pad)
        registry.simulateMotion([.axis(0x01, value: 8_192), .axis(0x04, value: 1_024), .report], on: pad)
        registry.simulateInput([.button(0x130, pressed: false)], on: pad)
        registry.simulateInput([.button(0x131, pressed: true)], on: pad)
        let (lines, finished) = printed.waitUntilFinished()
        monitor.stop()
        #expect(finished)
        #expect(
            lines == [
                "Button A 1.000 pressed", "Left Thumbstick x +1.000 y +1.000",
                "Motion acceleration +0.000 -1.000 +0.000 g, rotation rate +0.000 +0.000 +0.017 rad/s", "Button A 0.000",
            ], "\(lines)")
        #expect(pad.motion?.sensorsActive == false, "the sensors go off with the monitor")
    }

    @Test func thePadCommandRefusesWhatItCannotRead() throws {
        let none = try CommandRunner.haptic(
            ["pad", "7"], environment: ["HAPTIC_CONTROLLERS": "simulated:xbox", "HAPTIC_INPUT_DIR": "/nonexistent"])
        #expect(none.status == 1 && none.stderr.contains("1: Simulated Xbox One Controller"), "\(none.stderr)")
        let still = try CommandRunner.haptic(
            ["pad", "xbox", "--motion"], environment: ["HAPTIC_CONTROLLERS": "simulated:xbox", "HAPTIC_INPUT_DIR": "/nonexistent"])
        #expect(still.status == 1 && still.stderr.contains("has no motion sensors"), "\(still.stderr)")
        let zero = try CommandRunner.haptic(["pad", "--count", "0"], environment: ["HAPTIC_CONTROLLERS": "simulated:xbox"])
        #expect(zero.status != 0 && zero.stderr.contains("--count must be at least 1"), "\(zero.stderr)")
    }
}
