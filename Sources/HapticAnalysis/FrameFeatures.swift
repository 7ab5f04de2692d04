/// What one analysis frame says about one part of the spectrum.
struct FrameFeatures: Sendable {
    /// The rise in log energy, summed over the bands (spectral flux): large at a hit.
    var flux: Float = 0
    /// The level in dB relative to full scale (RMS).
    var level: Float = -120
    /// The brightness as sharpness, 0 … 1.
    var sharpness: Float = 0
    /// The energy (mean square), for weighting.
    var energy: Float = 0
}
