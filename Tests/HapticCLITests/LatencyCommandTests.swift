import Foundation
import HapticDevices
import HapticLinux
import HapticTestSupport
import Testing

/// `haptic latency` times API call → device write on a real engine, and reports the device's own delay.
@Suite(.offTheConcurrencyPool) struct LatencyCommandTests {
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

    @Test func thePeriodLayoutIsSettableAndWhatThePCMGaveIsReported() throws {
        let configuration = try AlsaConfiguration(parsing: "default?period=64&periods=2")
        #expect(configuration.periods == AlsaConfiguration.PeriodLayout(frames: 64, count: 2))
        #expect(configuration.id == "alsa:default?channels=2&audio=0,1&haptic=&format=s16&period=64&periods=2")
        #expect(try AlsaConfiguration(parsing: "hw:1?periods=3").periods == AlsaConfiguration.PeriodLayout(frames: 128, count: 3))
        #expect(try AlsaConfiguration(parsing: "default").periods == nil, "alsa-lib splits the latency by default")
        for bad in ["period=8", "period=abc", "periods=1", "periods=17"] {
            #expect(throws: DeviceError.self, "\(bad)") { try AlsaConfiguration(parsing: "default?\(bad)") }
        }
        guard let device = try? AlsaDevice(configuration: AlsaConfiguration(parsing: "null?period=64&periods=2")) else {
            return  // libasound missing: AlsaDeviceTests report that
        }
        try device.start(format: DeviceFormat(sampleRate: 48_000, maxBlockFrames: 48))
        defer { device.stop() }
        let buffer = device.bufferConfiguration
        #expect(buffer.periodFrames == 64 && buffer.bufferFrames == 128, "\(buffer)")
        let result = try CommandRunner.haptic(["latency", "--device", "alsa:null?period=64&periods=2", "--count", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("128"), "the report names the buffer the PCM gave: \(result.stdout)")
    }
}
