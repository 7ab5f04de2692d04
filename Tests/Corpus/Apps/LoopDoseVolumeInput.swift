// Loop's own watch-app styles, as its DoseVolumeInput uses them (compatibility corpus gate only).
import SwiftUIStub

extension Color {
    /// Loop's insulin colour.
    static let insulin = Color(white: 0.8)
}

/// Loop's round accessory button.
struct CircularAccessoryButtonStyle: ButtonStyle {
    /// The button's colour.
    let color: Color

    func makeBody(configuration: Configuration) -> some View {
        configuration.label.foregroundColor(color)
    }
}
