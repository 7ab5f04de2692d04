import Foundation

extension CHHapticParameterCurve {
    /// One point a parameter curve passes through: a value at a time relative to the curve's start.
    ///
    ///     let points = [
    ///         CHHapticParameterCurve.ControlPoint(relativeTime: 0, value: 1),
    ///         CHHapticParameterCurve.ControlPoint(relativeTime: 0.5, value: 0),
    ///     ]
    open class ControlPoint: NSObject {
        /// The time in seconds, relative to the start of the curve.
        open var relativeTime: TimeInterval

        /// The control's value at that time (clamped to the control's range when played).
        open var value: Float

        /// Creates a control point.
        ///
        /// - Parameters:
        ///   - time: The time in seconds, relative to the start of the curve.
        ///   - value: The value at that time.
        public init(relativeTime time: TimeInterval, value: Float) {
            self.relativeTime = time
            self.value = value
        }
    }
}
