import HapticSystem

/// The FFT bins grouped into third-octave bands, and each frame's energy per band.
///
/// Spectral flux summed over bins lets a broadband hit (a snare, a hi-hat: hundreds of bins) drown out a kick
/// (a handful of bins at 50–100 Hz). Summed over bands a third of an octave wide, each part of the spectrum has a
/// comparable say. With a crossover, no band straddles it, so each of the two trackers owns whole bands.
struct SpectrumBands {
    /// The bins analyzed: from ``AnalysisTuning/lowestFrequency`` to ``AnalysisTuning/highestFrequency``.
    let bins: Range<Int>
    /// The band of each bin of ``bins`` (offset by `bins.lowerBound`).
    private let bandOfBin: [Int]
    /// The number of bands.
    let bandCount: Int
    /// The first band at or above the crossover (``bandCount`` without one).
    let crossoverBand: Int
    /// The frequency of each bin, in hertz.
    private let binFrequency: Double
    /// Scales |X[k]|² to the bin's share of the signal's mean square (Parseval, for a Hann window).
    private let powerScale: Float

    /// Energy (mean square) per band of the last frame.
    private(set) var energy: [Float]
    /// Energy times frequency per band of the last frame, for spectral centroids.
    private(set) var moment: [Float]

    init(tuning: AnalysisTuning, window: UnsafeBufferPointer<Float>, crossover: Double?) {
        let size = tuning.fftSize
        binFrequency = tuning.sampleRate / Double(size)
        let first = Swift.max(1, Int((tuning.lowestFrequency / binFrequency).rounded(.up)))
        let last = Swift.min(size / 2 - 1, Int(tuning.highestFrequency / binFrequency))
        bins = first..<Swift.max(first + 1, last + 1)
        // Third-octave index of each bin, counted from the lowest frequency; bins above the crossover start a new
        // run of bands. Empty indices are squeezed out.
        var raw: [Int] = []
        for k in bins {
            let frequency = Double(k) * binFrequency
            var index = Int(3 * log2(frequency / tuning.lowestFrequency))
            if let crossover, frequency >= crossover { index += 10_000 }
            raw.append(index)
        }
        var mapping: [Int] = []
        var previous = Int.min
        var band = -1
        var crossoverBand: Int?
        for (offset, index) in raw.enumerated() {
            if index != previous {
                band += 1
                previous = index
                if let crossover, crossoverBand == nil, Double(bins.lowerBound + offset) * binFrequency >= crossover {
                    crossoverBand = band
                }
            }
            mapping.append(band)
        }
        bandOfBin = mapping
        bandCount = band + 1
        self.crossoverBand = crossoverBand ?? bandCount
        var windowPower: Float = 0
        for w in window { windowPower += w * w }
        powerScale = 2 / (Float(size) * windowPower)
        energy = [Float](repeating: 0, count: bandCount)
        moment = [Float](repeating: 0, count: bandCount)
    }

    /// The bands a tracker of `part` owns.
    func bands(of part: BandPart) -> Range<Int> {
        switch part {
        case .full: return 0..<bandCount
        case .low: return 0..<crossoverBand
        case .high: return crossoverBand..<bandCount
        }
    }

    /// Sums a frame's power spectrum (|X[k]|², k = 0 … size / 2) into the bands.
    mutating func update(power: UnsafePointer<Float>) {
        let binCount = bins.count
        let first = bins.lowerBound
        let scale = powerScale
        let step = Float(binFrequency)
        energy.withUnsafeMutableBufferPointer { energy in
            moment.withUnsafeMutableBufferPointer { moment in
                bandOfBin.withUnsafeBufferPointer { bandOfBin in
                    for b in 0..<energy.count {
                        energy[b] = 0
                        moment[b] = 0
                    }
                    for offset in 0..<binCount {
                        let k = first + offset
                        let p = power[k] * scale
                        let band = bandOfBin[offset]
                        energy[band] += p
                        moment[band] += p * Float(k) * step
                    }
                }
            }
        }
    }
}
