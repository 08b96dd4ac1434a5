// expect: cannot convert value of type 'Int' to expected argument type 'String'
// A mistake inside `#Preview`: the preview's body is type-checked like any
// view (the macro is expanded by Tools/SwiftUICheck/PreviewsMacros).
import SwiftUI

struct PreviewBodyCanary: View {
    let title: String

    var body: some View {
        Text(title)
    }
}

#Preview("Canary") {
    PreviewBodyCanary(title: 3)
}
