// --help lists the passes and the named pipelines.
// RUN: iron-opt --help | filecheck %s

// CHECK: passes (-p 'a{opt=1 flag=true},b'):
// CHECK: cse
// CHECK: named pipelines:
