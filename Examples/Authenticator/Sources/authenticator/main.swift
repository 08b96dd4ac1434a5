print("authenticator")
