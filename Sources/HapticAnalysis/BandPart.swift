/// Which part of the spectrum a tracker listens to.
enum BandPart: Sendable {
    /// Everything analyzed.
    case full
    /// Below the crossover.
    case low
    /// At and above the crossover.
    case high
}
