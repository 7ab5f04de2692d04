// A stand-in for Expo's ExpoModulesCore, for the compatibility corpus gate only (.ci/corpus.sh). The real module
// re-exports UIKit, so Expo modules use the feedback generators without importing UIKit; here it re-exports
// OpenHapticFeedback and the UIKit stub the same way. Its module DSL records the functions a module defines so the
// gate's driver can call them as JavaScript would; nothing here plays haptics.
import Foundation
@_exported import OpenHapticFeedback
@_exported import UIKitStub

/// The app a module runs in.
public final class AppContext {
    /// Creates one.
    public init() {}
}

/// Anything a module definition is made of.
public protocol AnyDefinition {}

/// A module's name.
public struct NameDefinition: AnyDefinition {
    /// The name JavaScript sees.
    public let name: String
}

/// Code to run when the module is created.
public struct OnCreateDefinition: AnyDefinition {
    /// The code.
    public let body: () -> Void
}

/// A function JavaScript calls, with its arguments converted to Swift values.
public struct AsyncFunctionDefinition: AnyDefinition {
    /// The name JavaScript calls.
    public let name: String
    /// The queue it runs on (recorded; the stub calls it at once).
    public private(set) var queue: DispatchQueue?
    /// Calls the function with the arguments.
    public let call: ([Any]) throws -> Void

    /// The same function, to run on `queue`.
    public func runOnQueue(_ queue: DispatchQueue) -> AsyncFunctionDefinition {
        var copy = self
        copy.queue = queue
        return copy
    }
}

/// Everything a module defines.
public struct ModuleDefinition {
    /// The parts, in order.
    public let definitions: [AnyDefinition]

    /// Runs the module's `OnCreate` code.
    public func create() {
        for case let onCreate as OnCreateDefinition in definitions { onCreate.body() }
    }

    /// Calls the function named `name` with `arguments`, as JavaScript would.
    public func call(_ name: String, _ arguments: [Any] = []) throws {
        for case let function as AsyncFunctionDefinition in definitions where function.name == name {
            try function.call(arguments)
        }
    }
}

/// Builds a module definition from its parts.
@resultBuilder public enum ModuleDefinitionBuilder {
    /// The parts, in order.
    public static func buildBlock(_ definitions: AnyDefinition...) -> ModuleDefinition {
        ModuleDefinition(definitions: definitions)
    }
}

/// A native module.
public protocol AnyModule: AnyObject {
    /// Creates the module.
    init(appContext: AppContext)
    /// What the module defines.
    @ModuleDefinitionBuilder func definition() -> ModuleDefinition
}

/// What every module inherits.
open class BaseModule {
    /// The app.
    public private(set) weak var appContext: AppContext?

    /// Creates the module.
    public required init(appContext: AppContext) {
        self.appContext = appContext
    }
}

/// What a module class inherits and conforms to.
public typealias Module = AnyModule & BaseModule

/// A value JavaScript passes as a dictionary.
public protocol Record {
    /// An empty record (the fields are filled in afterwards).
    init()
}

/// A field of a record.
@propertyWrapper public struct Field<Value> {
    private var value: Value?

    /// An unset field.
    public init() {}

    /// An unset optional field (nil).
    public init() where Value: ExpressibleByNilLiteral { value = .some(nil) }

    /// A field with a value.
    public init(wrappedValue: Value) { value = wrappedValue }

    /// The value (a field read before it is set is a bug in the caller).
    public var wrappedValue: Value {
        get {
            guard let value else { fatalError("record field read before it was set") }
            return value
        }
        set { value = newValue }
    }
}

/// An enum JavaScript passes by its raw value.
public protocol Enumerable: CaseIterable {}

/// The module's name.
public func Name(_ name: String) -> AnyDefinition { NameDefinition(name: name) }

/// Code to run when the module is created.
public func OnCreate(_ body: @escaping () -> Void) -> AnyDefinition { OnCreateDefinition(body: body) }

/// A function without arguments.
public func AsyncFunction(_ name: String, _ body: @escaping () throws -> Void) -> AsyncFunctionDefinition {
    AsyncFunctionDefinition(name: name, queue: nil) { _ in try body() }
}

/// A function with one argument.
public func AsyncFunction<A0>(_ name: String, _ body: @escaping (A0) throws -> Void) -> AsyncFunctionDefinition {
    AsyncFunctionDefinition(name: name, queue: nil) { arguments in
        guard let first = arguments.first as? A0 else { fatalError("\(name) takes a \(A0.self)") }
        try body(first)
    }
}
