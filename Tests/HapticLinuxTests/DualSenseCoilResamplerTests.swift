import Foundation
import HapticDevices
import HapticLinux
import Testing

/// The resampler from the engine's rate to the pad's 3000 Hz, and the coil stream that turns its output into reports.
@Suite struct DualSenseCoilResamplerTests {
    /// Feeds `seconds` of `signal(t)` on both sides in 48-frame blocks (the engine's) and returns the output frames.
    private func resample(rate: Double, seconds: Double, _ signal: (Double) -> Float) -> (resampler: DualSenseCoilResampler, out: [Float]) {
        let resampler = DualSenseCoilResampler(inputRate: rate)
        let total = Int(rate * seconds)
        let block = UnsafeMutableBufferPointer<Float>.allocate(capacity: 48)
        defer { block.deallocate() }
        var out: [Float] = []
        var frame = 0
        while frame < total {
            let n = min(48, total - frame)
            for i in 0..<n { block[i] = signal(Double(frame + i) / rate) }
            resampler.process(left: block, right: block, count: n) { l, r in
                #expect(l == r)
                out.append(l)
            }
            frame += n
        }
        return (resampler, out)
    }

    private func rms(_ values: ArraySlice<Float>) -> Double {
        (values.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(values.count)).squareRoot()
    }

    @Test(arguments: [48_000.0, 44_100.0])
    func aHundredHertzSineKeepsItsAmplitudeAndPhase(rate: Double) {
        let (resampler, out) = resample(rate: rate, seconds: 1) { t in Float(0.5 * sin(2 * Double.pi * 100 * t)) }
        #expect(abs(Double(out.count) - 3_000) <= 1)
        var worst = 0.0
        for k in 200..<out.count {
            // Output frame k is the input at k / 3000 s, delayed by the filter.
            let t = Double(k) * resampler.step / rate - resampler.delay
            worst = max(worst, abs(Double(out[k]) - 0.5 * sin(2 * Double.pi * 100 * t)))
        }
        // 0.005 of a 0.5 amplitude: amplitude within 1 %, phase within 0.01 rad (16 µs at 100 Hz).
        #expect(worst < 0.005, "worst error \(worst) at \(rate) Hz")
        #expect(abs(resampler.delay - Double(resampler.tapCount / 2) / rate) < 1e-12)
    }

    @Test func contentAboveThePadsNyquistIsRemovedNotAliased() {
        // 2.5 kHz would fold to 500 Hz at 3 kHz if samples were dropped; 1 kHz is in band and passes.
        let high = resample(rate: 48_000, seconds: 0.5) { t in Float(0.5 * sin(2 * Double.pi * 2_500 * t)) }.out
        let low = resample(rate: 48_000, seconds: 0.5) { t in Float(0.5 * sin(2 * Double.pi * 1_000 * t)) }.out
        #expect(rms(high[200...]) < 0.5 / 2.squareRoot() * 0.01, "2.5 kHz left at \(rms(high[200...]))")
        #expect(rms(low[200...]) > 0.5 / 2.squareRoot() * 0.9, "1 kHz kept at \(rms(low[200...]))")
    }

    @Test func historyCarriesAcrossCallsWhateverTheBlockSize() {
        // One call with every frame and many uneven calls give the same output.
        let rate = 48_000.0
        let signal = (0..<9_600).map { Float(sin(Double($0) * 0.013) * 0.7) }
        let whole = DualSenseCoilResampler(inputRate: rate)
        let pieces = DualSenseCoilResampler(inputRate: rate)
        var a: [Float] = []
        var b: [Float] = []
        var copy = signal
        copy.withUnsafeMutableBufferPointer { all in whole.process(left: all, right: all, count: all.count) { l, _ in a.append(l) } }
        var start = 0
        var size = 1
        while start < signal.count {
            let n = min(size, signal.count - start)
            var piece = Array(signal[start..<(start + n)])
            piece.withUnsafeMutableBufferPointer { p in pieces.process(left: p, right: p, count: n) { l, _ in b.append(l) } }
            start += n
            size = size % 97 + 13
        }
        #expect(a == b)
    }

    /// Runs `left`/`right` (48 kHz) through a coil stream and returns the decoded reports.
    private func stream(left: [Float], right: [Float]) throws -> (reports: [DualSenseCoilReport], clipped: Int) {
        let stream = DualSenseCoilStream(inputRate: 48_000)
        var reports: [DualSenseCoilReport] = []
        var l = left
        var r = right
        try l.withUnsafeMutableBufferPointer { lb in
            try r.withUnsafeMutableBufferPointer { rb in
                var collected: [[UInt8]] = []
                stream.consume(left: lb, right: rb, count: lb.count) { if let report = $0 { collected.append(Array(report)) } }
                reports = try collected.map { try DualSenseCoilReport(decoding: $0) }
            }
        }
        return (reports, stream.clippedSampleCount)
    }

    @Test func silenceSendsNothingAndSignalEndsWithTwoSilentReports() throws {
        #expect(try stream(left: Array(repeating: 0, count: 48_000), right: Array(repeating: 0, count: 48_000)).reports.isEmpty)
        // 100 ms of 150 Hz on the left only, then 400 ms of silence.
        let tone = (0..<24_000).map { i in i < 4_800 ? Float(0.8 * sin(2 * Double.pi * 150 * Double(i) / 48_000)) : 0 }
        let result = try stream(left: tone, right: Array(repeating: 0, count: 24_000))
        let sounding = result.reports.filter { $0.left.contains { $0 != 0 } }
        #expect(sounding.count >= 9 && sounding.count <= 11)
        #expect(result.reports.count == sounding.count + DualSenseCoilStream.trailingSilentReports)
        // Left/right routing: the right coil never moves.
        #expect(result.reports.allSatisfy { $0.right.allSatisfy { $0 == 0 } })
        #expect(result.reports.map(\.counter) == (0..<result.reports.count).map { UInt8($0) })
    }

    @Test func levelsBeyondFullScaleAreClippedAndCounted() throws {
        let loud = (0..<4_800).map { i in Float(3 * sin(2 * Double.pi * 100 * Double(i) / 48_000)) }
        let result = try stream(left: loud, right: loud.map { $0 / 6 })
        #expect(result.clipped > 0)
        let peakLeft = result.reports.flatMap(\.left).map { abs(Int($0)) }.max() ?? 0
        let peakRight = result.reports.flatMap(\.right).map { abs(Int($0)) }.max() ?? 0
        #expect(peakLeft == 127)
        #expect(peakRight >= 60 && peakRight <= 66)  // 0.5 of full scale, never clipped
    }
}
