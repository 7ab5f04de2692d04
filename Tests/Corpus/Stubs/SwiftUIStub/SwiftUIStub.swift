// SwiftUI's view layer, for the compatibility corpus gate only (.ci/corpus.sh): `import SwiftUI` becomes
// `import OpenHapticFeedback; import SwiftUIStub`, so `SensoryFeedback` and, as on Apple's platforms where SwiftUI
// brings UIKit, AppKit or WatchKit with it, the feedback generators, `NSHapticFeedbackManager` and `WKInterfaceDevice`
// come from the project. The views here build values and never render; they cannot play anything. SwiftUI's own
// haptic modifier, `sensoryFeedback(_:trigger:)`, is deliberately absent: it is a haptics call, and without SwiftUI's
// view graph there is nothing to attach it to (see "Differences from Core Haptics").
@_exported import AppKitStub
@_exported import Combine
import Foundation
@_exported import UIKitStub
@_exported import WatchKitStub

/// A piece of user interface.
public protocol View {
    /// The view's content.
    associatedtype Body: View
    /// The view's content.
    @ViewBuilder var body: Body { get }
}

/// A view with no content of its own (the leaves and containers here).
public protocol _PrimitiveView: View where Body == Never {}

extension _PrimitiveView {
    /// Never called: the stub renders nothing.
    public var body: Never { fatalError("the corpus stub's views do not render") }
}

extension Never: View {
    /// Never called.
    public var body: Never { fatalError("the corpus stub's views do not render") }
}

extension Optional: View where Wrapped: View {
    /// Never called.
    public var body: Never { fatalError("the corpus stub's views do not render") }
}

/// No view.
public struct EmptyView: _PrimitiveView {
    /// Creates it.
    public init() {}
}

/// Several views in a row of a builder.
public struct TupleView<T>: _PrimitiveView {
    /// The views.
    public let value: T
}

/// One of two views, as an `if`/`else` builds.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: _PrimitiveView {
    /// The view built.
    public let content: Any
}

/// A view of any type.
public struct AnyView: _PrimitiveView {
    /// The view.
    public let content: Any

    /// Wraps a view.
    public init<V: View>(_ view: V) { content = view }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier>: _PrimitiveView {
    /// The view modified.
    public let content: Content
    /// The modifier.
    public let modifier: Modifier
}

/// A modifier that keeps its view and records nothing: what most modifiers are here.
public struct _StubModifier {}

/// Builds views from closures.
@resultBuilder public enum ViewBuilder {
    /// No views.
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// One view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// Views in a row.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView(value: (repeat each content))
    }
    /// An `if` without `else`.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// An `if` branch.
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent(content: first) }
    /// An `else` branch.
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent(content: second) }
    /// An `if #available` branch.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// A modifier of views.
public protocol ViewModifier {
    /// The modified view.
    associatedtype Body: View
    /// The view being modified.
    typealias Content = _ViewModifier_Content<Self>
    /// Builds the modified view.
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a modifier modifies.
public struct _ViewModifier_Content<Modifier: ViewModifier>: _PrimitiveView {}

/// SwiftUI's internal appear/disappear modifier, which some libraries use directly.
public struct _AppearanceActionModifier: ViewModifier {
    /// Called when the view appears.
    public let appear: (() -> Void)?
    /// Called when the view disappears.
    public let disappear: (() -> Void)?

    /// Records the actions.
    public init(appear: (() -> Void)? = nil, disappear: (() -> Void)? = nil) {
        self.appear = appear
        self.disappear = disappear
    }

    /// The view unchanged.
    public func body(content: Content) -> Content { content }
}

/// Text.
public struct Text: _PrimitiveView {
    /// The text.
    public let content: String

    /// Text to localize.
    public init(_ content: String, tableName: String? = nil, comment: StaticString? = nil) { self.content = content }

    /// Text shown as given.
    public init(verbatim content: String) { self.content = content }

    /// Bold text.
    public func bold() -> Text { self }

    /// Text in a font.
    public func font(_ font: Font?) -> Text { self }
}

/// A font.
public struct Font: Sendable {
    /// A text style.
    public enum TextStyle: Sendable {
        /// Titles.
        case title
        /// Body text.
        case body
        /// Callouts.
        case callout
        /// Footnotes.
        case footnote
    }

    /// A type design.
    public enum Design: Sendable {
        /// The default design.
        case `default`
        /// Rounded.
        case rounded
    }

    /// The style.
    public let style: TextStyle

    /// Footnotes.
    public static let footnote = Font(style: .footnote)
    /// Titles.
    public static let title = Font(style: .title)
    /// Body text.
    public static let body = Font(style: .body)
    /// Callouts.
    public static let callout = Font(style: .callout)

    /// The system font in a style and design.
    public static func system(_ style: TextStyle, design: Design? = nil) -> Font { Font(style: style) }
}

/// A colour.
public struct Color: _PrimitiveView {
    /// Its grey level, 0 … 1 (enough for the stub).
    public let white: Double

    /// A grey.
    public init(white: Double) { self.white = white }

    /// A UIKit colour.
    public init(_ color: UIColor) { white = Double(color.components.red) }
}

/// How lines of text align.
public enum TextAlignment: Sendable {
    /// Leading edges.
    case leading
    /// Centres.
    case center
    /// Trailing edges.
    case trailing
}

/// Vertical alignment in a row.
public struct VerticalAlignment: Sendable {
    /// Centres.
    public static let center = VerticalAlignment()
    /// First text baselines.
    public static let firstTextBaseline = VerticalAlignment()
}

/// Horizontal alignment in a column.
public struct HorizontalAlignment: Sendable {
    /// Centres.
    public static let center = HorizontalAlignment()
}

/// Views in a column.
public struct VStack<Content: View>: _PrimitiveView {
    /// The views.
    public let content: Content

    /// A column.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

/// Views in a row.
public struct HStack<Content: View>: _PrimitiveView {
    /// The views.
    public let content: Content

    /// A row.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

/// Flexible space.
public struct Spacer: _PrimitiveView {
    /// Creates it.
    public init() {}
}

/// A button.
public struct Button<Label: View>: _PrimitiveView {
    /// What a tap does.
    public let action: () -> Void
    /// The label.
    public let label: Label

    /// A button with an action and a label.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }
}

/// The properties of a button a style sees.
public struct ButtonStyleConfiguration {
    /// The label.
    public let label: AnyView
    /// Whether the button is pressed.
    public let isPressed: Bool
}

/// How buttons look.
public protocol ButtonStyle {
    /// The styled button.
    associatedtype Body: View
    /// The button's properties.
    typealias Configuration = ButtonStyleConfiguration
    /// Builds the styled button.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// How a view enters and leaves.
public struct AnyTransition: Sendable {
    /// Fades.
    public static let opacity = AnyTransition()
}

/// An animation.
public struct Animation: Sendable {
    /// The default animation.
    public static let `default` = Animation()
}

/// Runs `body` (nothing animates here).
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// A value a view reads and writes that lives elsewhere.
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// A binding from a getter and a setter.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The value.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// The binding itself.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a member of the value.
    public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Binding<Member> {
        Binding<Member>(get: { self.wrappedValue[keyPath: keyPath] }, set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}

/// An AppKit view controller that hosts a SwiftUI view.
open class NSHostingController<Content: View>: NSViewController {
    /// The hosted view.
    public let rootView: Content

    /// Hosts a view.
    public init(rootView: Content) {
        self.rootView = rootView
        super.init(nibName: nil, bundle: nil)
    }

    /// Not supported.
    public required init?(coder: NSCoder) { nil }
}

extension View {
    /// Applies a modifier.
    public func modifier<Modifier>(_ modifier: Modifier) -> ModifiedContent<Self, Modifier> {
        ModifiedContent(content: self, modifier: modifier)
    }

    private var unchanged: ModifiedContent<Self, _StubModifier> { ModifiedContent(content: self, modifier: _StubModifier()) }

    /// Runs `action` when `value` changes (never here: nothing changes without SwiftUI's view graph).
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View { unchanged }

    /// Runs `action` for each value the publisher sends (never here).
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View
    where P.Failure == Never { unchanged }

    /// Puts an object in the environment.
    public func environmentObject<Object: ObservableObject>(_ object: Object) -> some View { unchanged }

    /// Sets the font.
    public func font(_ font: Font?) -> some View { unchanged }

    /// Makes text bold.
    public func bold() -> some View { unchanged }

    /// Aligns lines of text.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { unchanged }

    /// Sets the foreground colour.
    public func foregroundColor(_ color: Color?) -> some View { unchanged }

    /// Keeps the ideal size.
    public func fixedSize() -> some View { unchanged }

    /// Keeps the ideal size along the axes chosen.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { unchanged }

    /// Sets the opacity.
    public func opacity(_ opacity: Double) -> some View { unchanged }

    /// Makes the view focusable.
    public func focusable(_ isFocusable: Bool = true) -> some View { unchanged }

    /// Styles the buttons inside.
    public func buttonStyle<Style: ButtonStyle>(_ style: Style) -> some View { unchanged }

    /// Sets the transition.
    public func transition(_ transition: AnyTransition) -> some View { unchanged }
}
