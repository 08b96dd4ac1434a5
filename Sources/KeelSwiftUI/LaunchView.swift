#if canImport(SwiftUI)
import Keel
import SwiftUI

/// Shows what `make` makes, made once in `.task` (never in an initializer: a
/// view's struct, and its `@State` initializers, are made again at every
/// pass of its parent): progress while it is made, its failure with a retry,
/// then `content`. When the view goes, `close` runs and what was made is let
/// go; shown again, the view makes it anew. A window makes its scene with it,
/// and a preview the raft it shows:
///
/// <!-- snippet: Examples/Countries/CountriesApp.swiftpm/Sources/CountriesApplication.swift#launchView -->
/// ```swift
/// LaunchView("Opening the countries…") {
///     await CountriesScene(try await launch.open())
/// } close: { scene in
///     scene.close()
/// } content: { scene in
///     RootView(scene: scene, timelineViewer: launch.timelineViewer)
/// }
/// ```
public struct LaunchView<Made: AnyObject, Content: View>: View {
    private let title: LocalizedStringKey
    private let make: @MainActor () async throws -> Made
    private let close: @MainActor (Made) -> Void
    private let content: (Made) -> Content
    @State private var made: Made?
    @State private var failure: LocalizedText?

    /// - Parameters:
    ///   - title: What the progress says while `make` runs.
    ///   - make: Makes what the view shows; a ``Keel/Fizzle`` it throws is shown with a retry.
    ///   - close: Ends what was made when the view goes.
    ///   - content: The view of what was made.
    public init(
        _ title: LocalizedStringKey, make: @escaping @MainActor () async throws -> Made,
        close: @escaping @MainActor (Made) -> Void = { _ in }, @ViewBuilder content: @escaping (Made) -> Content
    ) {
        (self.title, self.make, self.close, self.content) = (title, make, close, content)
    }

    public var body: some View {
        shown
            .task { await attempt() }
            .onDisappear {
                if let made { close(made) }
                made = nil
            }
    }

    @ViewBuilder private var shown: some View {
        if let made {
            content(made)
        } else if let failure {
            VStack {
                Label {
                    Text(failure)
                } icon: {
                    Image(systemName: "exclamationmark.triangle")
                }
                Button("Try again") {
                    Task { await attempt() }
                }
            }
            .padding()
        } else {
            ProgressView(title)
        }
    }

    /// Makes what the view shows, unless it has it.
    private func attempt() async {
        guard made == nil else { return }
        failure = nil
        do {
            let result = try await make()
            if made == nil { made = result }
        } catch let fizzle as any Fizzle {
            failure = fizzle.message
        } catch {
            failure = UnexpectedFizzle().message
        }
    }
}
#endif
