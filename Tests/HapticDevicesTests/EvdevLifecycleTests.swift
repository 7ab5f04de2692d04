#if os(Linux)
@testable import HapticDevices
import Testing

/// Starting and stopping an evdev device waits for its I/O thread by a signal, not by looking every millisecond: it
/// returns as soon as the thread has opened the node (or has released it and returned).
@Suite(.serialized) struct EvdevLifecycleTests {
    /// Starts and stops a device on a mocked node (with a real wake `eventfd`, so a stop request wakes the I/O thread
    /// at once) `rounds` times; returns the shortest start and the shortest stop, in seconds.
    static func shortestStartAndStop(rounds: Int) throws -> (start: Double, stop: Double) {
        let system = WakingMockSystemCalls()
        let device = EvdevDevice(capabilities: EvdevWakeTests.capabilities, configuration: EvdevConfiguration(), system: system)
        var starts: [Double] = []
        var stops: [Double] = []
        for _ in 0..<rounds {
            let t0 = MonotonicClock.now()
            try device.start(format: DeviceFormat(sampleRate: 1_000, maxBlockFrames: 4))
            let t1 = MonotonicClock.now()
            device.stop()
            let t2 = MonotonicClock.now()
            starts.append(t1 - t0)
            stops.append(t2 - t1)
        }
        return (starts.min() ?? .infinity, stops.min() ?? .infinity)
    }

    /// The I/O thread opens a mocked node in microseconds; a start that slept 1 ms between looks took at least that
    /// long every time. The shortest of 20 rounds keeps a loaded machine from deciding the result.
    @Test func startReturnsAsSoonAsTheIOThreadRuns() throws {
        let (start, _) = try Self.shortestStartAndStop(rounds: 20)
        #expect(start < 0.0008, "the quickest start took \(start * 1e3) ms")
    }

    @Test func stopReturnsAsSoonAsTheIOThreadHasReturned() throws {
        let (_, stop) = try Self.shortestStartAndStop(rounds: 20)
        #expect(stop < 0.0008, "the quickest stop took \(stop * 1e3) ms")
    }

    /// The milestone itself: a waiter wakes when it is signalled, and one that comes later returns at once; a
    /// deadline ends a wait that nobody answers.
    @Test func aMilestoneWakesEveryWaiterAndHonoursTheDeadline() {
        let milestone = ThreadMilestone()
        let t0 = MonotonicClock.now()
        #expect(!milestone.wait(until: t0 + 0.02))
        #expect(MonotonicClock.now() - t0 >= 0.019)
        IOThread.detach(name: "milestone") { milestone.signal() }
        #expect(milestone.wait(until: MonotonicClock.now() + 5))
        #expect(milestone.wait(until: MonotonicClock.now() + 5))
        milestone.signal()  // twice is fine
        #expect(milestone.isReached)
    }
}
#endif
