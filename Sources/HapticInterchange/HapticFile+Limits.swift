import HapticPattern

extension HapticFile {
    /// Converts this file to one AHAP pattern (``pattern()``) that the AHAP reader's limits allow, so a `.haptic`
    /// file is accepted exactly when the pattern it stands for would be.
    ///
    /// Each emphasis point becomes a transient and cuts the continuous signal around it, so a file within the
    /// format's own caps (at most ``PatternLimits/maxEntries`` breakpoints per envelope) can still stand for a
    /// pattern of more than ``PatternLimits/maxEntries`` entries; such a file is refused here, with the counts.
    ///
    ///     let conversion = try file.pattern(within: .default)
    ///
    /// - Parameter limits: the caps the converted pattern must keep (`maxEntries`).
    /// - Returns: the pattern and the conversion's notes.
    /// - Throws: ``HapticFileError`` with `invalidPatternData` at `signals.continuous.envelopes.amplitude` when the
    ///   pattern would have more entries than `limits.maxEntries`.
    package func pattern(within limits: PatternLimits) throws(HapticFileError) -> Conversion<Pattern> {
        let conversion = pattern()
        let entries = conversion.value.entries.count
        guard entries <= limits.maxEntries else {
            let transients = conversion.value.events.count { $0.type == .hapticTransient }
            let continuous = conversion.value.events.count { $0.type == .hapticContinuous }
            let curves = conversion.value.curves.count
            throw HapticFileError(
                path: "signals.continuous.envelopes.amplitude",
                message:
                    "the file stands for an AHAP pattern of \(entries) entries (\(transients) transients for its emphasis points, \(continuous) continuous events between them, \(curves) parameter curves), more than the \(limits.maxEntries) a pattern may hold (PatternLimits.maxEntries); use fewer emphasis points",
                code: .invalidPatternData)
        }
        return conversion
    }

    /// Converts an AHAP pattern to a `.haptic` file (``converting(_:metadata:tolerance:)``) that reads back within
    /// `limits`: at most ``PatternLimits/maxEntries`` breakpoints per envelope, and standing for a pattern the AHAP
    /// reader's limits allow (``pattern(within:)``).
    ///
    /// An envelope with too many breakpoints is simplified again with a coarser tolerance (up to 0.05 in
    /// intensity), which a note reports; a pattern that still does not fit — its transients alone are too many —
    /// is refused.
    ///
    ///     let conversion = try HapticFile.converting(pattern, within: .default)
    ///
    /// - Parameters:
    ///   - pattern: the AHAP pattern.
    ///   - metadata: metadata for the file (default: taken from the pattern's `Metadata`).
    ///   - limits: the caps the file must keep when it is read back.
    /// - Returns: the file and the conversion's notes.
    /// - Throws: ``HapticFileError`` with `invalidPatternData` saying which count is over which limit.
    package static func converting(
        _ pattern: Pattern, metadata: Metadata? = nil, within limits: PatternLimits
    ) throws(HapticFileError) -> Conversion<HapticFile> {
        var tolerance = defaultTolerance
        var conversion = converting(pattern, metadata: metadata, tolerance: tolerance)
        let coarsest: Float = 0.05
        while tooManyBreakpoints(conversion.value, limits) && tolerance < coarsest {
            tolerance = Swift.min(tolerance * 2, coarsest)
            conversion = converting(pattern, metadata: metadata, tolerance: tolerance)
            if !tooManyBreakpoints(conversion.value, limits) {
                conversion.notes.insert(
                    ConversionNote(
                        "envelope-thinned", .lossy,
                        "the envelopes were simplified with a tolerance of \(tolerance) (not \(defaultTolerance)) to stay within the \(limits.maxEntries) breakpoints a .haptic reader accepts (PatternLimits.maxEntries)"
                    ), at: 0)
            }
        }
        let file = conversion.value
        for (name, count) in [("amplitude", file.amplitude.count), ("frequency", file.frequency.count)] where count > limits.maxEntries {
            throw HapticFileError(
                path: "signals.continuous.envelopes.\(name)",
                message:
                    "the pattern converts to \(count) \(name) breakpoints (\(pattern.events.count { $0.type == .hapticTransient }) of them for transients), more than the \(limits.maxEntries) a .haptic reader accepts (PatternLimits.maxEntries), even simplified with a tolerance of \(tolerance)",
                code: .invalidPatternData)
        }
        do {
            _ = try file.pattern(within: limits)
        } catch {
            throw HapticFileError(
                path: error.path, message: "the .haptic file would not read back: \(error.message)", code: error.code)
        }
        return conversion
    }

    private static func tooManyBreakpoints(_ file: HapticFile, _ limits: PatternLimits) -> Bool {
        file.amplitude.count > limits.maxEntries || file.frequency.count > limits.maxEntries
    }
}
