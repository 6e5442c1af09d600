package ent

// The User schema has a hook (the name key follows the name), so Ent writes the schema's runtime code
// (defaults, validators, hooks) into package rout/ent/runtime instead of this package. Importing it here
// gives every user of package ent that code, as before; there is no import cycle, as the schema does not
// import this package.
import _ "rout/ent/runtime"
