import Mustache
import Testing

/// Checks a page context that names its fields for the templates
/// (`MustacheParent`, instead of reflection): it must name every stored
/// property, with its value, or a template would render an empty value
/// where the page holds one.
public enum TemplateFields {
    /// Expects `value.child(named:)` to give every stored property of `value`, and nothing for other names.
    public static func expectEveryField(of value: some MustacheParent, sourceLocation: SourceLocation = #_sourceLocation) {
        expectFields(of: value, namedBy: value, sourceLocation: sourceLocation)
        #expect(value.child(named: "no such field") == nil, sourceLocation: sourceLocation)
    }

    /// Expects `fields.child(named:)` to give every stored property of `value` (a context that wraps it).
    public static func expectFields(of value: Any, namedBy fields: some MustacheParent, sourceLocation: SourceLocation = #_sourceLocation) {
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            #expect(describe(fields.child(named: label) as Any) == describe(child.value),
                    "\(type(of: value)).\(label) is not named, or names another value", sourceLocation: sourceLocation)
        }
    }

    /// A value's description, optionals unwrapped (`Any?` flattens them).
    static func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return String(describing: value) }
        guard let wrapped = mirror.children.first?.value else { return "nil" }
        return describe(wrapped)
    }
}
