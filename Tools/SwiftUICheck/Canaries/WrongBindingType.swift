// expect: cannot convert value of type 'Binding<Bool>' to expected argument type 'Binding<String>'
// A `Binding<Bool>` where the search field needs a `Binding<String>`.
import SwiftUI

struct WrongBindingTypeCanary: View {
    @State private var showsRegion = true

    var body: some View {
        List {
            Text("Countries")
        }
        .searchable(text: $showsRegion)
    }
}
