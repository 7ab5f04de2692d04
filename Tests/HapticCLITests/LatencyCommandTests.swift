import Foundation
import HapticDevices
import HapticTestSupport
import Testing

/// `haptic latency` times API call → device write on a real engine, and reports the device's own delay.
@Suite struct LatencyCommandTests {
    @Test func itMeasuresAndReportsPercentiles() throws {
        let result = try CommandRunner.haptic(["latency", "--device", "null", "--count", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("null (Null output): 48000 Hz in 48-frame blocks"), "\(result.stdout)")
        #expect(result.stdout.contains("API → device write, 10 taps: p50 "), "\(result.stdout)")
        #expect(result.stdout.contains("p90") && result.stdout.contains("p99"))
        let bad = try CommandRunner.haptic(["latency", "--count", "0"])
        #expect(bad.status == 64 && bad.stderr.contains("--count must be 5 … 1000"))
    }

    @Test func theALSABufferIsSettableAndReported() throws {
        let configuration = try AlsaConfiguration(parsing: "default?latency=2500us")
        #expect(configuration.latency == 0.0025)
        #expect(configuration.id == "alsa:default?channels=2&audio=0,1&haptic=&format=s16&latency=2500us")
        #expect(try AlsaConfiguration(parsing: "hw:1?latency=3ms").latency == 0.003)
        #expect(throws: DeviceError.self) { try AlsaConfiguration(parsing: "default?latency=9s") }
        #expect(AlsaConfiguration().latency == 0.005, "5 ms by default (was 20 ms)")
        guard let device = try? AlsaDevice(configuration: AlsaConfiguration(parsing: "null?latency=4ms")) else {
            return  // libasound missing: AlsaDeviceTests report that
        }
        try device.start(format: DeviceFormat(sampleRate: 48_000, maxBlockFrames: 48))
        defer { device.stop() }
        let buffer = device.bufferConfiguration
        #expect(buffer.bufferFrames > 0 && buffer.bufferFrames <= 48_000 / 100, "\(buffer)")
        #expect((device.reportedLatency ?? 0) > 0)
    }
}
