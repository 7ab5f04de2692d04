// Loop's own watch-app types, as its BolusConfirmationView uses them (compatibility corpus gate only).
import Combine
import SwiftUIStub

/// A publisher that fires when the user stops interacting for an interval.
final class PeriodicPublisher: Publisher {
    typealias Output = Void
    typealias Failure = Never

    /// The interval in seconds.
    let interval: Double

    init(interval: Double) { self.interval = interval }

    /// Restarts the interval.
    func acknowledge() {}
}

/// The bolus confirmation's progress ring.
struct BolusConfirmationVisual: _PrimitiveView {
    /// 0 … 1.
    let progress: Double
}

extension Comparable {
    /// The value limited to `range`.
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}

/// How fast the Digital Crown turns a value.
enum DigitalCrownRotationalSensitivity {
    /// Slow.
    case low
    /// Medium.
    case medium
    /// Fast.
    case high
}

extension View {
    /// Loop's Digital Crown binding with a scaled rotation.
    func digitalCrownRotation(
        _ binding: Binding<Double>, over range: ClosedRange<Double>, sensitivity: DigitalCrownRotationalSensitivity,
        scalingRotationBy scale: Double
    ) -> some View {
        self
    }
}
