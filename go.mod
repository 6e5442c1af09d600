module rout

go 1.26
