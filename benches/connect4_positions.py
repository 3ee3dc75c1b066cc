#!/usr/bin/env python3
"""Random Connect Four 7x6 positions for benchmarks, seeded: LO HI COUNT SEED.

Prints COUNT move sequences (columns 1-7), each a random game of LO to HI plies in which
no one made four in a row and where the side to move has no win at once (the positions
Pascal Pons's test sets and the peers' benchmarks use).
"""
import random, sys
W,H=7,6
def four(b,p):
    for c in range(W):
        for r in range(H):
            for dc,dr in ((1,0),(0,1),(1,1),(1,-1)):
                ok=True
                for k in range(4):
                    cc,rr=c+dc*k,r+dr*k
                    if not(0<=cc<W and 0<=rr<H and b[cc][rr]==p): ok=False;break
                if ok: return True
    return False
def gen(seed,lo,hi,n):
    rnd=random.Random(seed); out=[]
    while len(out)<n:
        plies=rnd.randint(lo,hi); b=[[0]*H for _ in range(W)]; hgt=[0]*W; s=''
        ok=True
        for i in range(plies):
            p=1+i%2
            cs=[c for c in range(W) if hgt[c]<H]
            c=rnd.choice(cs); b[c][hgt[c]]=p; hgt[c]+=1; s+=str(c+1)
            if four(b,p): ok=False;break
        if not ok: continue
        p=1+plies%2
        win=False
        for c in range(W):
            if hgt[c]<H:
                b[c][hgt[c]]=p
                if four(b,p): win=True
                b[c][hgt[c]]=0
        if win: continue
        out.append(s)
    return out
lo,hi,n,seed=map(int,sys.argv[1:5])
print('\n'.join(gen(seed,lo,hi,n)))
