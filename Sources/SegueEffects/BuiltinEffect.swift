import SegueCore

/// An effect that ships with Segue: a struct whose `@Parameter` properties are its parameters.
/// The effect table builds it from a template value (the defaults) with `EffectEntry.init(_:name:…)`,
/// setting each listed parameter from the parsed command line; nothing else reads parameters by name.
public protocol BuiltinEffect: Effect {
    /// Every `@Parameter` property, in the order `segue list` shows them: `[.init(\.$center), …]`.
    static var parameters: [ParameterBinding<Self>] { get }
}

extension BuiltinEffect {
    public static var parameters: [ParameterBinding<Self>] { [] }
}

/// One `@Parameter` property of a built-in effect, reached through its key path.
public struct ParameterBinding<Root: Sendable>: Sendable {
    /// The declaration as `effect` holds it; its value there is the default.
    let spec: @Sendable (Root) -> ParameterSpec
    /// Sets the property from the parsed values; leaves it when they do not name it.
    let assign: @Sendable (inout Root, ParameterValues) throws(SegueError) -> Void

    public init<Value>(_ parameter: WritableKeyPath<Root, Parameter<Value>> & Sendable) {
        spec = { $0[keyPath: parameter].spec }
        assign = { (effect: inout Root, values: ParameterValues) throws(SegueError) in
            let declaration = effect[keyPath: parameter]
            guard let given = values[declaration.name] else { return }
            // Values parsed by this declaration's own spec always convert; a hand-built set may not.
            guard let value = Value(parameterValue: given) else {
                throw .invalidInput("parameter \(declaration.name)=\(given): not a value of kind \(declaration.kind)")
            }
            effect[keyPath: parameter].wrappedValue = value
        }
    }
}

extension EffectEntry {
    /// The table row of a built-in effect: `template` holds the defaults (an effect type can
    /// serve several rows, as push and pop do); `make` sets its parameters on a copy.
    public init<E: BuiltinEffect>(_ template: E, name: String, summary: String,
                                  defaultDuration: Double, defaultTiming: TimingCurve) {
        let bindings = E.parameters
        assert(Mirror(reflecting: template).children.count { $0.value is any DeclaredParameter } == bindings.count,
               "\(E.self).parameters must list every @Parameter property")
        let descriptor = EffectDescriptor(name: name, summary: summary, parameters: bindings.map { $0.spec(template) },
                                          defaultDuration: defaultDuration, defaultTiming: defaultTiming)
        self.init(descriptor) { values throws(SegueError) in
            var effect = template
            for binding in bindings { try binding.assign(&effect, values) }
            return effect
        }
    }
}

/// Any `@Parameter`, whatever it holds (to count the declarations of an effect).
protocol DeclaredParameter {}
extension Parameter: DeclaredParameter {}
