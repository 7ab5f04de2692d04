/// The result of a conversion: the converted value and the notes that say what was approximated or dropped.
///
///     let conversion = HapticFile.converting(pattern)
///     try conversion.value.encoded().write(to: url, atomically: true, encoding: .utf8)
///     conversion.notes.forEach { print($0) }
package struct Conversion<Value: Sendable>: Sendable {
    /// The converted value.
    package var value: Value
    /// What the conversion did, lossy steps first.
    package var notes: [ConversionNote]

    /// Creates a result; notes are ordered lossy first, keeping their relative order.
    package init(value: Value, notes: [ConversionNote]) {
        self.value = value
        self.notes = notes.filter(\.isLossy) + notes.filter { !$0.isLossy }
    }

    /// Whether any step lost information.
    package var isLossless: Bool { !notes.contains(where: \.isLossy) }
}
