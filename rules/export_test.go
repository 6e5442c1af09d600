package rules

// UnmarshalCommand decodes a command written by MarshalCommand; unknown kinds and fields are refused. It is
// a test helper (the round trips of the encoding and its fuzz test): no production code reads a command
// back.
func UnmarshalCommand(data []byte) (Command, error) { return unmarshalKind(data, commandDecoders) }

var commandDecoders = map[string]func([]byte) (Command, error){}

func init() {
	registerCommand[StartGame]()
	registerCommand[Claim]()
	registerCommand[Place]()
	registerCommand[Trade]()
	registerCommand[Attack]()
	registerCommand[Occupy]()
	registerCommand[EndAttack]()
	registerCommand[Fortify]()
	registerCommand[EndTurn]()
	registerCommand[Resign]()
}

func registerCommand[T Command]() {
	var zero T
	commandDecoders[zero.Kind()] = func(data []byte) (Command, error) { return decodeStrict[T](data) }
}
