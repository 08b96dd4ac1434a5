// The `#Preview` macro for the SwiftUI check (Tools/SwiftUICheck/SwiftUI.swiftinterface).
//
// Xcode expands `#Preview { … }` with a plugin of its own into a type that
// conforms to `PreviewRegistry` and builds the preview's body. This plugin
// expands it in the same shape, so that the body of every preview is
// type-checked like any view. It is compiled by Scripts/check-swiftui.sh
// against the swift-syntax libraries that ship with the toolchain
// (usr/lib/swift/host) and loaded with `-load-plugin-library`.
import SwiftSyntax
import SwiftSyntaxMacros

public struct SwiftUIView: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        var arguments = node.arguments.map(\.trimmedDescription)
        if let closure = node.trailingClosure {
            arguments.append("body: \(closure.trimmedDescription)")
        }
        for closure in node.additionalTrailingClosures {
            arguments.append("\(closure.label.text): \(closure.closure.trimmedDescription)")
        }
        let location = context.location(of: node)
        let name = context.makeUniqueName("PreviewRegistry")
        return [
            """
            struct \(name): SwiftUI.PreviewRegistry {
                static let fileID: String = \(location?.file ?? "\"\"")
                static let line: Int = \(location?.line ?? "0")
                static let column: Int = \(location?.column ?? "0")
                @MainActor static func makePreview() throws -> SwiftUI.Preview {
                    SwiftUI.Preview(\(raw: arguments.joined(separator: ", ")))
                }
            }
            """
        ]
    }
}
