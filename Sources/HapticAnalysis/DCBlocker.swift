/// A first-order high-pass at 10 Hz that removes a DC offset before the energy measurements.
///
/// Its state starts from the first sample, so audio that begins with an offset gives no step (and no phantom hit).
struct DCBlocker {
    private let pole: Float
    private var previousInput: Float?
    private var previousOutput: Float = 0

    init(sampleRate: Double) {
        pole = Float(1 - 2 * Double.pi * 10 / sampleRate)
    }

    @inline(__always)
    mutating func process(_ x: Float) -> Float {
        let before = previousInput ?? x
        let y = x - before + pole * previousOutput
        previousInput = x
        previousOutput = y
        return y
    }
}
