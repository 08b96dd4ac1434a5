// expect: converting non-Sendable function value to '@isolated(any) @Sendable () -> Bool' may introduce data races
// A computed binding made from plain closures handed in by a parent: the
// SDK's `Binding.init(get:set:)` takes `@isolated(any) @Sendable` closures,
// and a plain closure may be called from anywhere (Xcode warns; the apps
// build without a warning). Take a `Binding`, or `@Sendable` closures.
import SwiftUI

struct BindingFromClosuresCanary: View {
    let isShown: () -> Bool
    let setShown: (Bool) -> Void

    var body: some View {
        Text("Countries")
            .alert("Message", isPresented: Binding(get: isShown, set: setShown)) {
                Button("OK") {}
            }
    }
}
