// expect: 'buildExpression' is unavailable: only a View can be built by a ViewBuilder
// A `String` alone in a view builder (it needs `Text`).
import SwiftUI

struct StringInBuilderCanary: View {
    var body: some View {
        VStack {
            Text("Countries")
            "Search in any language"
        }
    }
}
