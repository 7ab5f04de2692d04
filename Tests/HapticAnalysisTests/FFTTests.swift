import Foundation
import Testing

@testable import HapticAnalysis

@Suite struct FFTTests {
    @Test(arguments: [8, 64, 1_024])
    func powerSpectrumMatchesADirectDFT(size: Int) {
        let fft = RealFFT(size: size)
        var seed: UInt32 = 12_345
        let input: [Float] = (0..<size).map { _ in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return Float(seed >> 8) / Float(1 << 24) - 0.5
        }
        var power = [Float](repeating: 0, count: size / 2 + 1)
        input.withUnsafeBufferPointer { source in
            power.withUnsafeMutableBufferPointer { fft.powerSpectrum(of: source.baseAddress!, into: $0.baseAddress!) }
        }
        for k in 0...(size / 2) {
            var re = 0.0
            var im = 0.0
            for (n, x) in input.enumerated() {
                let angle = -2 * Double.pi * Double(k * n) / Double(size)
                re += Double(x) * cos(angle)
                im += Double(x) * sin(angle)
            }
            let expected = re * re + im * im
            #expect(abs(Double(power[k]) - expected) <= 1e-3 * Swift.max(1, expected), "bin \(k) of \(size)")
        }
    }
}
